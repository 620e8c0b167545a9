import { createInflate } from 'node:zlib';

/**
 * How many bytes a PDF's streams hold once decoded, counted without keeping them (issue 24: a 300 MB inflation
 * hidden in a small upload). Streams are found by their `stream`/`endstream` keywords, so broken cross-reference
 * data does not hide one. Counted: Flate data (found by its zlib header, and again inside what it inflates to, so a
 * doubly compressed stream is counted whole), RunLength and LZW (by their dictionaries' /Filter). Counting stops
 * as soon as the total passes `limit` (the answer is then above it), or with 'too-slow' past `deadline`.
 */
export async function decodedStreamBytes(pdf: Buffer, limit: number, deadline: number): Promise<number | 'too-slow'> {
  let total = 0;
  for (const { data, filters } of streamsOf(pdf)) {
    if (Date.now() > deadline) return 'too-slow';
    const remaining = limit - total + 1;
    if (filters.startsWith('RL')) total += runLengthSize(data, remaining);
    else if (filters.startsWith('LZW')) total += lzwSize(data, remaining);
    else if (isZlib(data)) total += await inflatedSize(data, remaining, 2);
    else total += data.length;
    if (total > limit) return total;
  }
  return total;
}

interface RawStream {
  data: Buffer;
  /** The stream's first filter, short: 'Fl', 'RL', 'LZW' or ''. */
  filters: string;
}

function* streamsOf(pdf: Buffer): Generator<RawStream> {
  let at = pdf.indexOf('stream');
  while (at !== -1) {
    const isEnd = at >= 3 && pdf.toString('latin1', at - 3, at) === 'end';
    let start = at + 'stream'.length;
    if (pdf[start] === 0x0d) start++;
    const startsData = !isEnd && (pdf[start] === 0x0a || pdf[start - 1] === 0x0d);
    if (pdf[start] === 0x0a) start++;
    if (!startsData) {
      at = pdf.indexOf('stream', at + 6);
      continue;
    }
    const end = pdf.indexOf('endstream', start);
    const data = pdf.subarray(start, end === -1 ? pdf.length : end);
    yield { data, filters: firstFilter(pdf.toString('latin1', Math.max(0, at - 2048), at)) };
    if (end === -1) return;
    at = pdf.indexOf('stream', end + 9);
  }
}

/** The first filter named in the dictionary just before a stream keyword. */
function firstFilter(before: string): string {
  const dictionary = before.slice(before.lastIndexOf('obj') + 1);
  const match = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary);
  const name = match?.[1] ?? '';
  if (name === 'RunLengthDecode' || name === 'RL') return 'RL';
  if (name === 'LZWDecode' || name === 'LZW') return 'LZW';
  if (name === 'FlateDecode' || name === 'Fl') return 'Fl';
  return '';
}

const isZlib = (data: Buffer) => data.length >= 2 && (data[0] & 0x0f) === 8 && (data[0] * 256 + data[1]) % 31 === 0;

/**
 * Bytes the zlib data inflates to (at most a little past `limit`). When what it inflates to is zlib data again
 * ([/FlateDecode /FlateDecode]), that is kept (up to `limit`, which it may hold anyway) and counted `depth` levels down.
 */
function inflatedSize(data: Buffer, limit: number, depth: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let kept: Buffer[] | null = null;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      inflate.destroy();
      if (!kept || total > limit) return resolve(total);
      inflatedSize(Buffer.concat(kept), limit, depth - 1).then((inner) => resolve(Math.max(total, inner)));
    };
    inflate.on('data', (chunk: Buffer) => {
      if (total === 0 && depth > 0 && isZlib(chunk)) kept = [];
      kept?.push(chunk);
      total += chunk.length;
      if (total > limit) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data);
  });
}

/** RunLength data's decoded size (a length byte n < 128: n + 1 literal bytes; n > 128: the next byte 257 - n times). */
function runLengthSize(data: Buffer, limit: number): number {
  let total = 0;
  for (let i = 0; i < data.length && total <= limit; ) {
    const n = data[i];
    if (n === 128) break;
    if (n < 128) {
      total += n + 1;
      i += n + 2;
    } else {
      total += 257 - n;
      i += 2;
    }
  }
  return total;
}

/** LZW data's decoded size (PDF's variant: early change), from the lengths of the table's strings only. */
function lzwSize(data: Buffer, limit: number): number {
  const lengths = new Uint32Array(4096);
  lengths.fill(1, 0, 256);
  let next = 258;
  let width = 9;
  let previous = -1;
  let total = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < data.length && total <= limit; i++) {
    buffer = ((buffer << 8) | data[i]) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      const length = code < next ? lengths[code] : previous >= 0 ? lengths[previous] + 1 : 1;
      total += length;
      if (previous >= 0 && next < 4096) lengths[next++] = lengths[previous] + 1;
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
    buffer &= (1 << bits) - 1;
  }
  return total;
}
