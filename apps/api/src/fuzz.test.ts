/**
 * Walks every operation of /api/openapi.json with malformed requests: wrong types, missing and extra fields,
 * huge and unicode strings, NUL bytes, lone surrogates, arrays for scalars, malformed JSON, wrong content types,
 * path traversal in ids. Fails on any 5xx and on any answer slower than 5 s. A seeded random sample per
 * operation keeps it quick; FUZZ_SEED replays a run, FUZZ_SAMPLES sets the sample size.
 */
import { randomBytes } from 'node:crypto';
import { messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../test/harness';
import { createSession } from './shared/session';

const seed = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32LE(0));
const SAMPLES = Number(process.env.FUZZ_SAMPLES ?? 12);
const SLOW_MS = 5000;
console.log(`[fuzz] seed ${seed} (FUZZ_SEED=${seed} replays this run), ${SAMPLES} requests per operation`);

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function generator(start: number) {
  let a = start >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  format?: string;
};

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query'; schema?: JsonSchema }[];
  body?: JsonSchema;
  secured: boolean;
}

/** Strings an attacker or a broken client sends, as they appear in the JSON value (lone surrogate included). */
const hostileStrings = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '𝕏💥 é ñ 中文 \u202e',
  'A'.repeat(100_000),
  '%00',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '9'.repeat(40),
  'AAAA',
  '////',
];

/** Path and query values, already percent-encoded where they must be. */
const hostileUrlValues = [
  'x%00y',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  encodeURIComponent('𝕏💥'),
  'A'.repeat(5000),
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'null',
  '%5B%5D',
  'AAAA',
  '%E0%A4%A',
];

const hostileScalars: unknown[] = [null, true, 0, -1, 1.5, 1e308, [], [1, 2], {}, { $gt: '' }, ...hostileStrings];

function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sample(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, depth + 1);
      return out;
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return schema.format === 'email' ? 'fuzz@example.com' : schema.format === 'date' ? '2026-01-01' : 'a';
  }
}

interface FuzzRequest {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  what: string;
}

/**
 * The requests every operation gets whatever the seed: NUL, a lone surrogate and an encoded NUL in each path
 * and query parameter, and each top-level body field replaced by NUL, a lone surrogate, a huge string, an array.
 */
function systematic(op: Operation): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const fill = (name?: string, value = '1') =>
    op.parameters.filter((p) => p.in === 'path').reduce((url, p) => url.replace(`{${p.name}}`, p.name === name ? value : '1'), op.path);
  for (const p of op.parameters) {
    for (const value of ['x%00y', '%ED%A0%80', 'AAAA']) {
      if (p.in === 'path') requests.push({ url: fill(p.name, value), what: `path ${p.name}=${value}` });
      else requests.push({ url: `${fill()}?${p.name}=${value}`, what: `query ${p.name}=${value}` });
    }
  }
  if (op.method !== 'GET') {
    const valid = sample(op.body);
    const fields = valid && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : [];
    for (const field of fields) {
      for (const value of ['a\u0000b', '\ud800', 'A'.repeat(30_000), ['a'], 12345]) {
        const payload = JSON.stringify({ ...(valid as object), [field]: value });
        requests.push({
          url: fill(),
          payload,
          contentType: 'application/json',
          what: `body ${field}=${JSON.stringify(value).slice(0, 20)}`,
        });
      }
    }
  }
  return requests;
}

/** One malformed request for `op`, chosen by `rng`. */
function malformed(op: Operation, rng: ReturnType<typeof generator>): FuzzRequest {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const validPath = () => pathParams.reduce((url, p) => url.replace(`{${p.name}}`, '1'), op.path);
  const kinds = ['body-field', 'body-missing', 'body-extra', 'body-array', 'body-raw', 'content-type', 'query', 'path'] as const;
  const kind = rng.pick(kinds.filter((k) => (k === 'path' ? pathParams.length > 0 : true)));
  let url = validPath();
  let body = op.body ? (sample(op.body) as Record<string, unknown>) : {};
  let payload: string | Buffer | undefined;
  let contentType: string | undefined = 'application/json';
  let what: string = kind;

  if (kind === 'path') {
    const value = rng.pick(hostileUrlValues);
    url = pathParams.reduce((u, p) => u.replace(`{${p.name}}`, value), op.path);
    what = `path ${value.slice(0, 40)}`;
  } else if (kind === 'query') {
    const name = queryParams.length && rng.next() < 0.8 ? rng.pick(queryParams).name : 'unexpected';
    const value = rng.pick(hostileUrlValues);
    url += `?${name}=${value}${rng.next() < 0.3 ? `&${name}=${value}` : ''}`;
    what = `query ${name}=${value.slice(0, 40)}`;
  } else if (kind === 'body-field' && body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    const key = keys.length ? rng.pick(keys) : 'field';
    const value = rng.pick(hostileScalars);
    body = { ...body, [key]: value };
    what = `body ${key}=${JSON.stringify(value)?.slice(0, 40)}`;
  } else if (kind === 'body-missing' && body && typeof body === 'object') {
    const keys = Object.keys(body);
    if (keys.length) {
      const key = rng.pick(keys);
      const { [key]: _dropped, ...rest } = body;
      body = rest;
      what = `body without ${key}`;
    } else body = {};
  } else if (kind === 'body-extra') {
    body = {
      ...(typeof body === 'object' && body ? body : {}),
      __proto__x: 1,
      constructor: { prototype: { admin: true } },
      extra: rng.pick(hostileStrings),
    };
  } else if (kind === 'body-array') {
    payload = JSON.stringify([body, body]);
  } else if (kind === 'body-raw') {
    const raw = rng.pick([
      '{',
      '{"a":',
      'null',
      '"\\ud800"',
      '{"a":"\\u0000"}',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      '{"__proto__":{"polluted":1}}',
      '\u0000\u0001\u0002',
      '1e999999',
    ]);
    payload = raw;
    what = `raw ${raw.slice(0, 30)}`;
  } else if (kind === 'content-type') {
    contentType = rng.pick([
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=zz',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'image/png',
    ]);
    payload = rng.pick(['a=1&b=2', '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n', '<x/>', 'plain']);
    what = `content-type ${contentType}`;
  }
  if (op.method === 'GET') return { url, what };
  return { url, payload: payload ?? JSON.stringify(body), contentType, what };
}

const t = await createTestApp();
const member = await createUser(t.db);
const admin = await createUser(t.db, { isAdmin: true, isApprover: true });
const spec = (await t.call('GET', '/api/openapi.json')).body as {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] }
    >
  >;
};
const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content?.['application/json']?.schema,
    secured: Boolean(op.security?.length),
  })),
);

describe(`fuzzing ${operations.length} operations`, () => {
  it('finds no 5xx and no slow answer', async () => {
    const rng = generator(seed);
    const failures: string[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    for (const op of operations) {
      const requests = [...systematic(op), ...Array.from({ length: SAMPLES }, () => malformed(op, rng))];
      for (const request of requests) {
        // A fresh session per request: a fuzzed logout or account change must not blind the rest of the run.
        const who = !op.secured || rng.next() < 0.15 ? null : rng.next() < 0.5 ? admin : member;
        const headers: Record<string, string> = {};
        if (who) headers.authorization = `Bearer ${(await createSession(t.db, t.config, who.id)).token}`;
        if (request.contentType) headers['content-type'] = request.contentType;
        const started = performance.now();
        const response = await t.app.inject({
          method: op.method as 'GET' | 'POST',
          url: request.url,
          payload: request.payload,
          headers,
          remoteAddress: `10.${Math.floor(rng.next() * 250)}.${Math.floor(rng.next() * 250)}.${Math.floor(rng.next() * 250)}`,
        });
        const ms = performance.now() - started;
        sent++;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        // unacceptableValue is the error handler's last resort for a value PostgreSQL refused: the input checks
        // let it through to the database, which they must not.
        const reachedDatabase = response.statusCode === 400 && response.body.includes(messages.unacceptableValue);
        if (response.statusCode >= 500 || ms > SLOW_MS || reachedDatabase) {
          failures.push(
            `${op.method} ${op.path} [${request.what}] -> ${response.statusCode} in ${ms.toFixed(0)} ms: ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    console.log(
      `[fuzz] ${sent} requests over ${operations.length} operations, ${failures.length} failures (seed ${seed}); statuses ${JSON.stringify(statuses)}`,
    );
    expect(failures, `seed ${seed}`).toEqual([]);
  }, 600_000);
});
