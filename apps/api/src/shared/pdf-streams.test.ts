import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfBytes, pdfInflatingTo } from '../../test/profile';
import { decodedStreamBytes } from './pdf-streams';

const MB = 1024 * 1024;
const later = () => Date.now() + 10_000;
const withStream = (data: Buffer, filter: string) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);

describe('decodedStreamBytes', () => {
  it('counts what Flate streams inflate to, and stops just past the limit', async () => {
    expect(await decodedStreamBytes(pdfBytes(), 50 * MB, later())).toBe(0);
    expect(await decodedStreamBytes(pdfInflatingTo(2 * MB), 50 * MB, later())).toBe(2 * MB);
    const bomb = pdfInflatingTo(300 * MB);
    expect(bomb.length).toBeLessThan(400_000);
    const counted = await decodedStreamBytes(bomb, 50 * MB, later());
    expect(counted).toBeGreaterThan(50 * MB);
    expect(counted).toBeLessThan(60 * MB);
  });

  it('counts a twice-compressed stream whole', async () => {
    const bomb = pdfInflatingTo(200 * MB, true);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await decodedStreamBytes(bomb, 50 * MB, later())).toBeGreaterThan(50 * MB);
  });

  it('sums many streams', async () => {
    const one = deflateSync(Buffer.alloc(MB));
    const pdf = Buffer.concat(Array.from({ length: 60 }, () => withStream(one, '/FlateDecode')));
    expect(await decodedStreamBytes(pdf, 50 * MB, later())).toBeGreaterThan(50 * MB);
    expect(await decodedStreamBytes(pdf, 100 * MB, later())).toBe(60 * MB);
  });

  it('counts RunLength and LZW data by their decoded size', async () => {
    // RunLength: a length byte 129 repeats the next byte 128 times.
    const runs = Buffer.alloc(2 * 10_000);
    for (let i = 0; i < runs.length; i += 2) runs[i] = 129;
    expect(await decodedStreamBytes(withStream(Buffer.concat([runs, Buffer.from([128])]), '/RunLengthDecode'), 50 * MB, later())).toBe(
      1_280_000,
    );
    // LZW, 9-bit codes: 'A' (65), then 258 ('AA'), 259 ('AAA'), then end of data (257).
    const codes = [65, 258, 259, 257];
    let bits = '';
    for (const code of codes) bits += code.toString(2).padStart(9, '0');
    bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
    const lzw = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
    expect(await decodedStreamBytes(withStream(lzw, '/LZWDecode'), 50 * MB, later())).toBe(1 + 2 + 3);
  });

  it('gives up past its deadline', async () => {
    expect(await decodedStreamBytes(pdfInflatingTo(MB), 50 * MB, Date.now() - 1)).toBe('too-slow');
  });
});
