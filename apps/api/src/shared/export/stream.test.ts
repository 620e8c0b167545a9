import { randomBytes } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { centsText, csvCell, csvLine } from './csv';
import { EXPORT_BACKLOG_BYTES, type ExportColumn, exportStream, keysetBatches } from './stream';

interface Row {
  no: number;
  text: string;
  cents: number;
  day: string | null;
}

const columns: ExportColumn<Row>[] = [
  { header: 'No', kind: 'count', value: (r) => r.no },
  { header: 'Text', value: (r) => r.text },
  { header: 'Amount', kind: 'money', value: (r) => r.cents },
  { header: 'Day', kind: 'date', value: (r) => r.day },
];

/** `count` batches of `size` rows of hard-to-compress text, counting how many were read and whether reading stopped. */
function source(count: number, size: number) {
  const state = { read: 0, closed: false };
  async function* batches() {
    try {
      for (let b = 0; b < count; b++) {
        state.read += 1;
        yield Array.from({ length: size }, (_, i) => ({
          no: b * size + i + 1,
          text: randomBytes(60).toString('base64'),
          cents: 1050,
          day: '2026-11-27',
        }));
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

async function start(format: 'csv' | 'xlsx', count: number, size: number, sheetRows?: number) {
  const { state, batches } = source(count, size);
  const first = await batches.next();
  const { output, finished } = await exportStream({ format, columns, sheet: 'Rows', sheetRows }, batches, first);
  return { state, output, finished };
}

async function readAll(output: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of output) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('CSV cells', () => {
  it('quotes as RFC 4180 says and defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+254 722 000 000')).toBe("'+254 722 000 000");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null, 'b c'])).toBe('a,1,,b c\r\n');
  });

  it('writes cents as shillings with two decimals, exactly', () => {
    expect([0, 5, 50, 1050, 580_050, -500, 123_456_789_012].map(centsText)).toEqual([
      '0.00',
      '0.05',
      '0.50',
      '10.50',
      '5800.50',
      '-5.00',
      '1234567890.12',
    ]);
  });
});

describe('keysetBatches', () => {
  it('reads after the last key of each full batch and stops at a short one', async () => {
    const keys = Array.from({ length: 7 }, (_, i) => i + 1);
    const asked: (number | null)[] = [];
    const read = async (after: number | null, limit: number) => {
      asked.push(after);
      return keys.filter((k) => k > (after ?? 0)).slice(0, limit);
    };
    const batches: number[][] = [];
    for await (const batch of keysetBatches(read, (k) => k, 3)) batches.push(batch);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(asked).toEqual([null, 3, 6]);
  });
});

describe('exportStream', () => {
  it('writes every row as CSV, with a byte order mark and the header', async () => {
    const { output, finished } = await start('csv', 3, 4);
    const text = (await readAll(output)).toString('utf8');
    expect(await finished).toEqual({ rows: 12, complete: true });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNo,Text,Amount,Day');
    expect(lines).toHaveLength(14);
    expect(lines[12]).toMatch(/^12,.*,10\.50,2026-11-27$/);
  });

  it('goes on in a second sheet past a sheet’s rows, header again', async () => {
    const { output, finished } = await start('xlsx', 2, 5, 4);
    const bytes = await readAll(output);
    expect(await finished).toEqual({ rows: 10, complete: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Rows', 4],
      ['Rows 2', 4],
      ['Rows 3', 4],
      ['Rows 4', 2],
    ]);
    const last = workbook.worksheets[3];
    expect(last.getRow(1).values).toEqual([undefined, 'No', 'Text', 'Amount', 'Day']);
    expect(last.getRow(2).getCell(1).value).toBe(10);
    expect(last.getRow(2).getCell(3).value).toBe(10.5);
    expect(last.getRow(2).getCell(4).value).toEqual(new Date('2026-11-27T00:00:00Z'));
  });

  it('breaks the stream when a batch cannot be read, so a short file never looks whole', async () => {
    async function* failing() {
      yield [{ no: 1, text: 'a', cents: 1, day: null }];
      throw new Error('connection lost');
    }
    const batches = failing();
    const { output, finished } = await exportStream({ format: 'csv', columns, sheet: 'Rows' }, batches, await batches.next());
    const read = readAll(output);
    await expect(finished).rejects.toThrow('connection lost');
    await expect(read).rejects.toThrow('connection lost');
    expect(output.destroyed).toBe(true);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`stops reading rows while the client takes nothing, and for good when it goes (${format})`, async () => {
      const { state, output, finished } = await start(format, 500, 1000);
      // Nobody reads: a few batches fill what the stream and the zip may hold, then reading waits.
      let readWhileStalled = -1;
      for (let tries = 0; tries < 30 && state.read !== readWhileStalled; tries++) {
        readWhileStalled = state.read;
        await delay(300);
      }
      expect(state.read).toBe(readWhileStalled);
      expect(readWhileStalled).toBeLessThan(100);
      // What waits for the client stays near the limit (a batch is about 0.1 MB), not the whole list.
      expect(output.writableLength + output.readableLength).toBeLessThan(EXPORT_BACKLOG_BYTES * 4);
      // The client takes some, and reading goes on.
      let taken = 0;
      output.on('data', (chunk: Buffer) => {
        taken += chunk.length;
        if (taken > 2 * 1024 * 1024) output.pause();
      });
      await delay(300);
      expect(state.read).toBeGreaterThan(readWhileStalled);
      // The client goes away: reading stops and the source is closed.
      output.destroy();
      const outcome = await finished;
      expect(outcome.complete).toBe(false);
      expect(state.closed).toBe(true);
      expect(state.read).toBeLessThan(500);
    });
  }
});
