import { describe, expect, it } from 'vitest';
import { centsToText, formatAmount, formatKes, formatKesCents, fromCents, toCents } from './money';

describe('money in cents', () => {
  it('reads shillings from numbers and numeric text exactly', () => {
    expect(toCents('2320.00')).toBe(232000);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1160)).toBe(116000);
    expect(toCents('-5.05')).toBe(-505);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('12.345')).toThrow();
    expect(() => toCents('abc')).toThrow();
  });

  it('writes cents back as shillings and as numeric text', () => {
    expect(fromCents(232050)).toBe(2320.5);
    expect(centsToText(232005)).toBe('2320.05');
    expect(centsToText(-505)).toBe('-5.05');
    expect(() => fromCents(1.5)).toThrow();
  });
});

describe('money as people see it (part 2 §9: currency KES, locale en-KE, two decimals; decision 040)', () => {
  it("is 'KES 5,800.00' everywhere: the currency code, en-KE grouping, two decimals", () => {
    expect(formatKes(5800)).toBe('KES 5,800.00');
    expect(formatKes(2320.5)).toBe('KES 2,320.50');
    expect(formatKes(0)).toBe('KES 0.00');
    expect(formatKes(1234567.891)).toBe('KES 1,234,567.89');
    expect(formatKes(-5.05)).toBe('-KES 5.05');
    expect(formatKesCents(580000)).toBe('KES 5,800.00');
    expect(formatAmount(100000)).toBe('100,000.00');
    expect(formatKes(5800)).not.toContain('Ksh');
  });
});
