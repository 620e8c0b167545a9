import { describe, expect, it } from 'vitest';
import { decodeBase64, decodeJson, encodeBase64, encodeJson, maskEmail, maskPhone, normalisePhone } from './codec';

describe('base64', () => {
  it('encodes UTF-8 text the way Node and other systems do', () => {
    expect(encodeBase64('M12345')).toBe('TTEyMzQ1');
    const text = 'Njeri Wanjikũ — Ñandú 日本 🙂';
    expect(encodeBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
  });

  it('round-trips non-ASCII text', () => {
    for (const text of ['', 'plain', 'Wanjikũ Kamau', 'Ünïcödé ✓ 日本語 🙂', '{"a":"é"}']) {
      expect(decodeBase64(encodeBase64(text))).toBe(text);
    }
  });

  it('decodes the URL-safe alphabet too', () => {
    const text = '??>>~~ 🙂';
    const standard = encodeBase64(text);
    expect(standard).toMatch(/[+/]/);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeBase64(urlSafe)).toBe(text);
  });

  it('returns null for garbage instead of throwing', () => {
    expect(decodeBase64('%%% not base64 %%%')).toBeNull();
    expect(decodeBase64('a')).toBeNull();
    // valid base64 of bytes that are not UTF-8
    expect(decodeBase64(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toBeNull();
  });
});

describe('base64 JSON', () => {
  it('round-trips a value', () => {
    const value = { phone_no: '254712000111', id: 42, name: 'Wanjikũ' };
    expect(decodeJson(encodeJson(value))).toEqual(value);
  });

  it('returns null for missing, non-base64 and non-JSON input', () => {
    expect(decodeJson(undefined)).toBeNull();
    expect(decodeJson(null)).toBeNull();
    expect(decodeJson('')).toBeNull();
    expect(decodeJson('%%%')).toBeNull();
    expect(decodeJson(encodeBase64('not json {'))).toBeNull();
  });
});

describe('maskPhone', () => {
  it('shows a phone number in its display form with the middle hidden; other text its first 4 and last 2', () => {
    expect(maskPhone('0712345678')).toBe('+254 712 *** *78');
    expect(maskPhone('254712345678')).toBe('+254 712 *** *78');
    expect(maskPhone('1234567')).toBe('1234*67');
  });

  it('hides short numbers completely and answers empty for none', () => {
    expect(maskPhone('123456')).toBe('******');
    expect(maskPhone('123')).toBe('***');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('amina@example.com')).toBe('a****@example.com');
    expect(maskEmail('jo@example.co.ke')).toBe('j**@example.co.ke');
    // never reveals the length of a one-letter name
    expect(maskEmail('a@x.org')).toBe('a**@x.org');
  });

  it('masks a value without a domain and answers empty for none', () => {
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail('')).toBe('');
    expect(maskEmail(null)).toBe('');
  });
});

describe('normalisePhone', () => {
  it("drops a leading +: '+254712…' becomes '254712…'", () => {
    expect(normalisePhone('+254712345678')).toBe('254712345678');
  });

  it("replaces a leading 0 with 254: '0712…' becomes '254712…'", () => {
    expect(normalisePhone('0712345678')).toBe('254712345678');
  });

  it("leaves '254712…' unchanged", () => {
    expect(normalisePhone('254712345678')).toBe('254712345678');
  });

  it('removes spaces first', () => {
    expect(normalisePhone(' 0712 345 678 ')).toBe('254712345678');
    expect(normalisePhone('+254 712 345 678')).toBe('254712345678');
  });
});
