import { describe, expect, it } from 'vitest';
import { uploadBudget } from './upload-budget';
import { cleanFileName } from './uploads';

describe('cleanFileName', () => {
  it('keeps the base name only, whatever folders or separators came with it', () => {
    expect(cleanFileName('../../../../tmp/pwn.pdf')).toBe('pwn.pdf');
    expect(cleanFileName('..\\..\\windows\\system32\\x.pdf')).toBe('x.pdf');
    expect(cleanFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(cleanFileName('..')).toBe('');
    expect(cleanFileName('/')).toBe('');
  });

  it('drops control, direction-changing and Windows-refused characters', () => {
    expect(cleanFileName('in\u0000voice\r\n.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(cleanFileName('a<b>:c"d|e?f*.pdf')).toBe('abcdef.pdf');
    expect(cleanFileName('  Mwangi CV 2026.pdf ')).toBe('Mwangi CV 2026.pdf');
  });

  it('shortens a long name to 150 characters, keeping its extension', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.pdf`);
    expect(name).toHaveLength(150);
    expect(name.endsWith('a.pdf')).toBe(true);
  });
});

describe('uploadBudget', () => {
  const MB = 1024 * 1024;

  it('gives each client two places for uploads over 1 MB, and any number for small forms', () => {
    const budget = uploadBudget(1000 * MB, 2);
    expect(budget.take('user:1', 50 * MB)).toBe('ok');
    expect(budget.take('user:1', 50 * MB)).toBe('ok');
    expect(budget.take('user:1', 50 * MB)).toBe('client-busy');
    expect(budget.take('user:1', 10_000)).toBe('ok');
    expect(budget.take('user:2', 50 * MB)).toBe('ok');
    budget.give('user:1', 50 * MB);
    expect(budget.take('user:1', 50 * MB)).toBe('ok');
  });

  it('refuses past the byte budget until bytes are given back; one oversized request gets in alone', () => {
    const budget = uploadBudget(100 * MB, 2);
    expect(budget.take('a', 60 * MB)).toBe('ok');
    expect(budget.take('b', 60 * MB)).toBe('full');
    expect(budget.usedBytes).toBe(60 * MB);
    budget.give('a', 60 * MB);
    expect(budget.usedBytes).toBe(0);
    expect(budget.take('b', 150 * MB)).toBe('ok');
    expect(budget.take('c', 2 * MB)).toBe('full');
  });
});
