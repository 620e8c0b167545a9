import { describe, expect, it } from 'vitest';
import { FAKE_KEY, FAKE_SECRET, startFakeDaraja } from '../../../test/fake-daraja';
import { DarajaClient, DarajaError, darajaPassword, darajaTimestamp } from './daraja';

const fake = await startFakeDaraja();
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const push = {
  amount: 10,
  phone: '254712345678',
  callbackUrl: 'http://portal.test/cb',
  accountReference: 'INV000001',
  transactionDesc: 'Subscription',
};

function client(clock = { now: new Date('2026-01-15T07:00:00Z') }, settings: Partial<ConstructorParameters<typeof DarajaClient>[0]> = {}) {
  return new DarajaClient(
    { baseUrl: fake.url, consumerKey: FAKE_KEY, consumerSecret: FAKE_SECRET, shortcode: '174379', passkey: PASSKEY, ...settings },
    { now: () => clock.now },
  );
}

describe('Daraja client', () => {
  it('stamps Nairobi wall-clock time and builds the password as Daraja documents it', () => {
    expect(darajaTimestamp(new Date('2026-01-15T22:30:05Z'))).toBe('20260116013005');
    expect(darajaTimestamp(new Date('2026-12-31T20:59:59Z'))).toBe('20261231235959');
    // Daraja's own example (developer.safaricom.co.ke, STK push, sandbox shortcode 174379).
    expect(darajaPassword('174379', PASSKEY, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });

  it('fetches one token for many pushes, concurrent ones included, and a new one after it expires', async () => {
    const clock = { now: new Date('2026-01-15T07:00:00Z') };
    const daraja = client(clock);
    const before = fake.oauthCalls().length;
    await Promise.all(Array.from({ length: 5 }, () => daraja.stkPush(push)));
    await daraja.stkPush(push);
    expect(fake.oauthCalls().length - before).toBe(1);
    const oauth = fake.oauthCalls().at(-1);
    expect(oauth?.method).toBe('GET');
    expect(oauth?.path).toBe('/oauth/v1/generate?grant_type=client_credentials');
    expect(oauth?.headers.authorization).toBe(`Basic ${Buffer.from(`${FAKE_KEY}:${FAKE_SECRET}`).toString('base64')}`);

    // 3599 s lifetime, renewed a minute early.
    clock.now = new Date(clock.now.getTime() + 3500_000);
    await daraja.stkPush(push);
    expect(fake.oauthCalls().length - before).toBe(1);
    clock.now = new Date(clock.now.getTime() + 100_000);
    await daraja.stkPush(push);
    expect(fake.oauthCalls().length - before).toBe(2);
  });

  it('drops a token Daraja no longer accepts and retries once with a new one', async () => {
    const daraja = client();
    await daraja.stkPush(push);
    const before = fake.oauthCalls().length;
    fake.revokeTokens();
    const answer = await daraja.stkPush(push);
    expect(answer.ResponseCode).toBe('0');
    expect(fake.oauthCalls().length - before).toBe(1);
  });

  it('maps failures to kinds: bad credentials, refused requests, pushes still processing, unreachable Daraja', async () => {
    await expect(client(undefined, { consumerSecret: 'wrong' }).stkPush(push)).rejects.toMatchObject({ kind: 'auth' });

    fake.state.pushAnswers.push({
      status: 400,
      body: { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' },
    });
    const refused = await client()
      .stkPush(push)
      .catch((e) => e);
    expect(refused).toBeInstanceOf(DarajaError);
    expect(refused).toMatchObject({ kind: 'rejected', code: '400.002.02', message: 'Bad Request - Invalid Amount' });

    await expect(client().stkQuery('ws_CO_unknown')).rejects.toMatchObject({ kind: 'processing', code: '500.001.1001' });
    fake.answerQuery('ws_CO_done', 1032, 'Request cancelled by user');
    await expect(client().stkQuery('ws_CO_done')).resolves.toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user' });

    await expect(client(undefined, { baseUrl: 'http://127.0.0.1:9' }).stkPush(push)).rejects.toMatchObject({ kind: 'network' });
    await expect(client().stkPush({ ...push, amount: 10.5 })).rejects.toMatchObject({ kind: 'rejected' });
  });
});
