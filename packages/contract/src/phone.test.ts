import { describe, expect, it } from 'vitest';
import { maskPhone, normalisePhone } from './codec';
import { formatPhone, mpesaPhone, parsePhone } from './phone';

describe('parsePhone: every usual way of writing a Kenyan number gives one stored form', () => {
  it.each([
    '0722 123 456',
    '0722-123-456',
    '0722.123.456',
    '(0722) 123456',
    '0722123456',
    '+254 722 123 456',
    '+254-722-123-456',
    '+254722123456',
    '254722123456',
    '00254 722 123 456',
    '722 123 456',
    ' 0722\u00a0123\u00a0456 ',
  ])("'%s' → 254722123456", (typed) => {
    expect(parsePhone(typed)).toBe('254722123456');
    expect(parsePhone(typed, 'mobile')).toBe('254722123456');
    expect(mpesaPhone(typed)).toBe('254722123456');
  });

  it('takes the 01… mobile prefixes', () => {
    expect(parsePhone('0110 123 456', 'mobile')).toBe('254110123456');
    expect(parsePhone('+254 101 234 567', 'mpesa')).toBe('254101234567');
  });

  it('takes a landline only where any number will do', () => {
    expect(parsePhone('020 234 5678')).toBe('254202345678');
    expect(parsePhone('+254 41 222 3333')).toBe('254412223333');
    expect(parsePhone('020 234 5678', 'mobile')).toBeNull();
    expect(mpesaPhone('020 234 5678')).toBeNull();
  });

  it("takes another country's number only written with + or 00, and never for M-Pesa", () => {
    expect(parsePhone('+44 20 7946 0958')).toBe('442079460958');
    expect(parsePhone('0044 20 7946 0958', 'mobile')).toBe('442079460958');
    expect(mpesaPhone('+44 20 7946 0958')).toBeNull();
  });

  it('refuses what is no phone number', () => {
    for (const typed of ['', '   ', '07-12', '12ab', '0722 123 45', '0722 123 4567', '+254 722 123 45', '+2547221234567', '+12', 'phone'])
      expect(parsePhone(typed)).toBeNull();
    expect(parsePhone(null)).toBeNull();
    expect(parsePhone(undefined)).toBeNull();
  });
});

describe('formatPhone: one display form', () => {
  it("shows a Kenyan mobile as '+254 722 123 456', whatever form it was stored in", () => {
    for (const stored of ['254722123456', '0722123456', '+254722123456', '0722 123 456'])
      expect(formatPhone(stored)).toBe('+254 722 123 456');
    expect(formatPhone('254110123456')).toBe('+254 110 123 456');
  });

  it("shows a landline '+254 20 234 5678', another country's number with its +, other text as it is", () => {
    expect(formatPhone('254202345678')).toBe('+254 20 234 5678');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('ask at reception')).toBe('ask at reception');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('masks a number in the same form', () => {
    expect(maskPhone('254712345678')).toBe('+254 712 *** *78');
    expect(maskPhone('0712345678')).toBe('+254 712 *** *78');
    expect(maskPhone('1234567')).toBe('1234*67');
  });

  it("keeps the spec's payment normalisation (part 2 §5) for the account number", () => {
    expect(normalisePhone('+254 712 345 678')).toBe('254712345678');
    expect(normalisePhone('0712-345-678')).toBe('254712345678');
  });
});
