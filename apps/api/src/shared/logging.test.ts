import { describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, uniqueIp } from '../../test/harness';
import { listen, memberWithInvoice, paymentRequest } from '../../test/payments';
import { createIndividual } from '../../test/profile';
import { addReferee, answer } from '../../test/referees';
import { tokenOf } from '../modules/referees/requests';
import { genReqId, loggableUrl, serializeError } from './logging';

// The app's JSON logs, captured line by line while a whole flow runs through it.
const lines: string[] = [];
const t = await createTestApp({ logLevel: 'trace', mpesaSandboxDelayMs: 200 }, { logStream: { write: (line) => lines.push(line) } });
await listen(t);

const REGISTRATION_PASSWORD = 'Reg1st#Pass';
const RESET_PASSWORD = 'N3w~Secret;';
/** Everything secret the flow handles; none of it may reach a log line. */
const secrets = new Set<string>([
  REGISTRATION_PASSWORD,
  RESET_PASSWORD,
  STRONG_PASSWORD,
  t.config.mpesaConsumerSecret,
  t.config.mpesaPasskey,
]);
/** The request ids every answer carried in X-Request-Id. */
const answeredIds: string[] = [];

async function send(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    payload: options.body as object | undefined,
    remoteAddress: uniqueIp(),
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  });
  const id = response.headers['x-request-id'];
  expect(typeof id, `${method} ${url} answered without X-Request-Id`).toBe('string');
  answeredIds.push(id as string);
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null, id: id as string };
}

const parsed = () =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown> & { reqId?: string; msg?: string; req?: { url: string } });

describe('the logs of a whole flow', () => {
  it('register → OTP → sign in → password reset → referee link → M-Pesa payment: no secret in any line, a request id on each', async () => {
    // Registration: an SMS code and an e-mailed verification link.
    const registered = await send('POST', '/api/auth/register', {
      body: {
        email: 'logged.applicant@example.com',
        phone: '0712000999',
        id_number: '30999111',
        password: REGISTRATION_PASSWORD,
        confirmPassword: REGISTRATION_PASSWORD,
        category: 'GRADUATE',
        type: 'Individual',
      },
    });
    expect(registered.status).toBe(200);
    const otp = await t.latestCode('254712000999');
    const verifyLink = await t.latestLink('logged.applicant@example.com');
    const verifyToken = verifyLink.replace('/verify/', '');
    secrets.add(otp).add(verifyToken);
    // The browser opens the link (the web app's path) before it calls the API.
    await send('GET', verifyLink);
    const verified = await send('POST', '/api/auth/verify-otp', { body: { id: registered.body.data.id, otp_code: otp } });
    expect(verified.status).toBe(200);
    secrets.add(verified.body.data.token);

    // Sign in, and use the session.
    const login = await send('POST', '/api/auth/login', {
      body: { email: 'logged.applicant@example.com', password: REGISTRATION_PASSWORD },
    });
    expect(login.status).toBe(200);
    secrets.add(login.body.data.token);
    expect((await send('GET', '/api/auth/user', { token: login.body.data.token })).status).toBe(200);
    // A wrong password, a 401 and a 404 are logged too.
    expect(
      (await send('POST', '/api/auth/login', { body: { email: 'logged.applicant@example.com', password: `${REGISTRATION_PASSWORD}x` } }))
        .status,
    ).toBe(401);
    expect((await send('GET', '/api/auth/user', { token: `${login.body.data.token}x` })).status).toBe(401);
    expect((await send('GET', `/api/no-such-thing/${verifyToken}?token=${verifyToken}`)).status).toBe(404);

    // Password reset by the e-mailed link.
    expect((await send('POST', '/api/auth/password-reset', { body: { email: 'logged.applicant@example.com' } })).status).toBe(200);
    const resetLink = await t.latestLink('logged.applicant@example.com');
    const resetToken = resetLink.replace('/password/', '');
    secrets.add(resetToken);
    await send('GET', `${resetLink}?from=email`);
    const reset = await send('POST', '/api/auth/password', {
      body: { token: resetToken, password: RESET_PASSWORD, confirmPassword: RESET_PASSWORD },
    });
    expect(reset.status).toBe(200);
    const again = await send('POST', '/api/auth/login', { body: { email: 'logged.applicant@example.com', password: RESET_PASSWORD } });
    expect(again.status).toBe(200);
    secrets.add(again.body.data.token);

    // A referee's emailed links: the review page, the form's call with the link's values in the query, the answer.
    const applicant = await createIndividual(t);
    secrets.add(applicant.token);
    const referee = await addReferee(t, applicant.token);
    secrets.add(referee.links.code).add(tokenOf(referee.links.code) as string);
    await send('GET', referee.links.review);
    await send('GET', referee.links.accept);
    const form = await send('GET', `/api/questions?memberNo=${referee.links.user}&code=${referee.links.code}`);
    expect(form.status).toBe(200);
    expect((await answer(t, referee.links, 'Accept')).status).toBe(200);

    // An M-Pesa payment through the built-in sandbox: the push, Daraja's callback over HTTP, the receipt.
    const member = await memberWithInvoice(t);
    secrets.add(member.token);
    const push = await send('POST', '/api/payments', {
      token: member.token,
      body: { request: paymentRequest(member.invoice.documentNo), provider: 'MPESA', phone: '0712345678' },
    });
    expect(push.status).toBe(200);
    let status = 'pending';
    for (let i = 0; i < 80 && status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await send('GET', `/api/payments/${push.body.data.id}`, { token: member.token })).body.data.status;
    }
    expect(status).toBe('succeeded');

    // A caller's own request id is kept when it is a short safe token, replaced when it is not.
    const traced = await send('GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a9c.42' } });
    expect(traced.id).toBe('lb-7f3a9c.42');
    const hostile = await send('GET', '/api/health', { headers: { 'x-request-id': `${'a'.repeat(65)}` } });
    expect(hostile.id).toMatch(/^[0-9a-f-]{36}$/);
    const injected = await send('GET', '/api/health', { headers: { 'x-request-id': 'x"}{"level":60' } });
    expect(injected.id).toMatch(/^[0-9a-f-]{36}$/);

    const logged = parsed();
    expect(logged.length).toBeGreaterThan(50);

    // No secret in any line, in any form the flow used it.
    const leaks = [...secrets].flatMap((secret) => lines.filter((line) => line.includes(secret)).map((line) => `${secret} in ${line}`));
    expect(leaks).toEqual([]);
    expect(lines.filter((line) => /bearer /i.test(line))).toEqual([]);

    // Every request line names its request; every answer's X-Request-Id is found on its incoming and completed lines.
    const requestLines = logged.filter((line) => line.req !== undefined || line.res !== undefined || line.responseTime !== undefined);
    expect(requestLines.length).toBeGreaterThan(2 * answeredIds.length - 1);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
    for (const id of answeredIds) {
      const mine = logged.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    expect(new Set(answeredIds).size).toBe(answeredIds.length);

    // URLs are logged as route patterns, or with their values masked.
    const urls = logged.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/verify/:value');
    expect(urls).toContain('/password/:value?from=*');
    expect(urls).toContain('/api/questions?memberNo=*&code=*');
    expect(urls).toContain('/api/payments/:id');
    expect(urls).toContain('/api/no-such-thing/:value?token=*');
    expect(urls).toContain('/api/payments/mpesa/callback');
  });

  it('puts the request id in X-Request-Id on errors and 404s, and each differs', async () => {
    const notFound = await send('GET', '/api/nothing-here');
    const badBody = await send('POST', '/api/auth/login', { body: { email: 'not-an-email' } });
    const unauthorised = await send('GET', '/api/auth/user');
    expect([notFound.status, badBody.status, unauthorised.status]).toEqual([404, 400, 401]);
    const ids = [notFound.id, badBody.id, unauthorised.id];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(parsed().some((line) => line.reqId === id && line.msg === 'request completed')).toBe(true);
  });
});

describe('logging helpers', () => {
  it('genReqId keeps a short safe X-Request-Id and replaces anything else', () => {
    const withHeader = (value?: string | string[]) => genReqId({ headers: value === undefined ? {} : { 'x-request-id': value } } as never);
    expect(withHeader('abc-123_DEF.4:5')).toBe('abc-123_DEF.4:5');
    for (const bad of [undefined, '', 'a'.repeat(65), 'has space', 'new\nline', ['a', 'b'], '<script>']) {
      expect(withHeader(bad as never)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('loggableUrl shows route patterns, masks values in unmatched paths and every query value', () => {
    expect(loggableUrl({ url: '/api/files/123?download=1', routeOptions: { url: '/api/files/:id' } })).toBe('/api/files/:id?download=*');
    expect(loggableUrl({ url: '/activate/Zm9vYmFy', routeOptions: {} })).toBe('/activate/:value');
    expect(loggableUrl({ url: '/profile/response/TTEyMw/abc_DEF-123', routeOptions: {} })).toBe('/profile/response/:value/:value');
    expect(loggableUrl({ url: '/assets/index-4f2a.js', routeOptions: { url: '/assets/*' } })).toBe('/assets/:value');
    expect(loggableUrl({ url: '/x?a=1&b&%3Cscript%3E=2&=3' })).toBe('/x?a=*&b=*&:key=*');
    expect(loggableUrl({ url: '/dashboard' })).toBe('/dashboard');
  });

  it("serializeError keeps type, message and stack but never a failed query's parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "outbox_pkey"'), { code: '23505' });
    const failed = Object.assign(new Error('Failed query: insert into outbox (body) values ($1)\nparams: Your code is 123456'), {
      query: 'insert into outbox (body) values ($1)',
      params: ['Your code is 123456'],
      cause,
    });
    const serialized = serializeError(failed);
    expect(JSON.stringify(serialized)).not.toContain('123456');
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into outbox (body) values ($1)\nparams: [not logged]',
      cause: { code: '23505', message: expect.stringContaining('duplicate key') },
    });
    expect(serialized?.stack).toContain('params: [not logged]');
  });
});
