import { messages, profileMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../test/harness';
import { multipartBody } from '../../test/multipart';
import { storedKey } from './rate-limit';

const t = await createTestApp();

async function inject(method: 'GET' | 'POST', url: string, payload?: string | Buffer, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method, url, payload, headers, remoteAddress: '10.9.9.9' });
  const body = response.body ? JSON.parse(response.body) : null;
  return { status: response.statusCode, body, headers: response.headers };
}

const json = { 'content-type': 'application/json' };

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL byte in a path, a query, a JSON body and a base64 value with 400 and the field', async () => {
    const inPath = await inject('GET', '/api/profile/search/show/x%00y');
    expect(inPath.status).toBe(400);
    expect(inPath.body).toEqual({ message: messages.forbiddenCharacters, errors: { profileId: [messages.forbiddenCharacters] } });

    // AAAA is base64 of three NUL bytes.
    const inBase64 = await inject('GET', '/api/profile/search?term=AAAA');
    expect(inBase64.status).toBe(400);

    const inBody = await inject('POST', '/api/auth/login', JSON.stringify({ email: 'a\u0000@example.com', password: 'x' }), json);
    expect(inBody.status).toBe(400);
    expect(inBody.body.errors).toEqual({ email: [messages.forbiddenCharacters] });
  });

  it('refuses a lone surrogate and a body nested past any real form', async () => {
    const surrogate = await inject('POST', '/api/auth/login', '{"email":"\\ud800@example.com","password":"x"}', json);
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toBe(messages.forbiddenCharacters);

    const deep = await inject('POST', '/api/auth/login', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, json);
    expect(deep.status).toBe(400);
  });

  it('refuses a 12 KB e-mail with 400 and keeps rate-limit keys short whatever is typed', async () => {
    const email = `${'a'.repeat(12_000)}@example.com`;
    for (const url of ['/api/auth/login', '/api/auth/password-reset']) {
      const response = await inject('POST', url, JSON.stringify({ email, password: 'Secret!123' }), json);
      expect(response.status, url).toBe(400);
    }
    expect(storedKey(`login:acct:${email}`).length).toBeLessThanOrEqual(120);
    expect(storedKey('login:acct:jane@example.com')).toBe('login:acct:jane@example.com');
  });
});

describe('form data', () => {
  it('is refused with 415 on a route that takes none, before its body is read', async () => {
    const big = multipartBody({
      email: 'a@example.com',
      password: 'x',
      file: { filename: 'a.bin', contentType: 'application/octet-stream', content: Buffer.alloc(2_000_000) },
    });
    const response = await inject('POST', '/api/auth/login', big.payload, { 'content-type': big.contentType });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(messages.formDataNotAccepted);
    expect(response.headers.connection).toBe('close');
  });

  it('without a boundary is a 4xx on every kind of route, public or not', async () => {
    const token = await signIn(t, (await createUser(t.db)).email);
    const noBoundary = { 'content-type': 'multipart/form-data' };
    expect((await inject('POST', '/api/auth/login', 'x', noBoundary)).status).toBe(415);
    const onFormRoute = await inject('POST', '/api/profile/update', 'x', { ...noBoundary, authorization: `Bearer ${token}` });
    expect(onFormRoute.status).toBe(400);
    expect(onFormRoute.body.message).toBe(messages.formDataUnreadable);
  });

  it('is refused with 413 when the declared size is past what the route takes, and with too many files', async () => {
    const token = await signIn(t, (await createUser(t.db)).email);
    const auth = { authorization: `Bearer ${token}` };
    const oversized = await inject('POST', '/api/profile/update', 'x', {
      ...auth,
      'content-type': 'multipart/form-data; boundary=abc',
      'content-length': String(200_000_000),
    });
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toBe(profileMessages.attachmentTooLarge);

    const file = { filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') };
    const tooMany = multipartBody({ Image: [file, file, file] });
    const response = await inject('POST', '/api/profile/update', tooMany.payload, { ...auth, 'content-type': tooMany.contentType });
    expect(response.status).toBe(413);
  });

  it('that is cut short is a 400, not a 500', async () => {
    const token = await signIn(t, (await createUser(t.db)).email);
    const form = multipartBody({ FirstName: 'Jane' });
    const cut = form.payload.subarray(0, form.payload.length - 20);
    const response = await inject('POST', '/api/profile/update', cut, {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('M-Pesa callback', () => {
  const bodies: [string, Buffer][] = [
    ['a lone surrogate', Buffer.from('{"Body":{"stkCallback":{"CheckoutRequestID":"\\ud800","ResultCode":0}}}')],
    ['a NUL in a string', Buffer.from('{"Body":{"stkCallback":{"CheckoutRequestID":"ws\\u0000x","ResultCode":0}}}')],
    ['a raw NUL byte', Buffer.from([0x7b, 0x00, 0x7d])],
    ['JSON nested 100,000 levels deep', Buffer.from(`${'['.repeat(30_000)}${']'.repeat(30_000)}`)],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x00, 0x41])],
    ['no body at all', Buffer.alloc(0)],
  ];

  for (const [what, raw] of bodies) {
    it(`answers {ResultCode: 0} to ${what} and keeps the body exactly as received`, async () => {
      const response = await inject('POST', '/api/payments/mpesa/callback', raw, json);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      const [stored] = await t.db.select().from(schema.paymentCallbacks).orderBy(desc(schema.paymentCallbacks.id)).limit(1);
      expect(Buffer.compare(stored.rawBody ?? Buffer.alloc(0), raw)).toBe(0);
      expect(stored.payload).toBeNull();
      expect(stored.outcome).toBe('invalid');
    });
  }

  it('keeps a body of any content type as bytes', async () => {
    const response = await inject('POST', '/api/payments/mpesa/callback', 'not json', { 'content-type': 'text/plain' });
    expect(response.status).toBe(200);
    const [stored] = await t.db.select().from(schema.paymentCallbacks).orderBy(desc(schema.paymentCallbacks.id)).limit(1);
    expect(stored.rawBody?.toString()).toBe('not json');
  });
});

describe('caching', () => {
  it('marks API answers carrying a session or personal data no-store', async () => {
    const user = await createUser(t.db);
    const login = await inject('POST', '/api/auth/login', JSON.stringify({ email: user.email, password: 'Str0ng!Pass' }), json);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const profile = await inject('GET', '/api/profile', undefined, { authorization: `Bearer ${login.body.data.token}` });
    expect(profile.headers['cache-control']).toBe('no-store');
  });
});
