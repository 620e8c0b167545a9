import { encodeBase64, messages } from '@portal/contract';
import { createChallenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { solve, voterToken as solvedToken } from '../../test/bot-check';
import { createMember, createTestApp, createUser, STRONG_PASSWORD, uniqueIp } from '../../test/harness';

const t = await createTestApp({ botCheck: true });
const plain = await createTestApp();

const voterToken = () => solvedToken(t);

let n = 0;
function registration(voterToken?: string) {
  n++;
  return {
    email: `human${n}@example.com`,
    phone: `07160${String(n).padStart(5, '0')}`,
    id_number: `7${String(n).padStart(7, '0')}`,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    category: 'GRADUATE',
    type: 'Individual',
    voterToken,
  };
}

const post = (url: string, body: Record<string, unknown>) => t.call('POST', url, { body, ip: uniqueIp() });

function expectRefused(response: { status: number; body: { message: string; errors?: Record<string, string[]> } }) {
  expect(response.status).toBe(400);
  expect(response.body.message).toBe('Please complete the verification check');
  expect(response.body.errors?.voterToken).toEqual([messages.botCheckFailed]);
}

describe('the bot check', () => {
  it('is announced in the public settings', async () => {
    const response = await t.call('GET', '/api/settings');
    expect(response.body.data.bot_check).toBe(true);
  });

  it('hands out signed proof-of-work challenges', async () => {
    const response = await t.call('GET', '/api/altcha/challenge');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      algorithm: 'SHA-256',
      challenge: expect.any(String),
      salt: expect.any(String),
      signature: expect.any(String),
    });
    // every challenge is different and expires
    const other = await t.call('GET', '/api/altcha/challenge');
    expect(other.body.salt).not.toBe(response.body.salt);
    expect(response.body.salt).toMatch(/expires=\d+/);
  });

  describe('register', () => {
    it('refuses a missing token', async () => {
      const body = registration();
      expectRefused(await post('/api/auth/register', body));
      expect(await t.outboxFor(body.email)).toHaveLength(0);
    });

    it('refuses a bad token', async () => {
      expectRefused(await post('/api/auth/register', registration('garbage')));
      expectRefused(await post('/api/auth/register', registration(encodeBase64('{"algorithm":"SHA-256"}'))));
    });

    it('refuses a solution with the wrong number', async () => {
      const token = JSON.parse(atob(await voterToken()));
      expectRefused(await post('/api/auth/register', registration(encodeBase64(JSON.stringify({ ...token, number: token.number + 1 })))));
    });

    it('refuses a challenge signed with another key', async () => {
      const forged = await createChallenge({ hmacKey: 'not-the-server-key', maxNumber: 1000 });
      expectRefused(await post('/api/auth/register', registration(await solve(forged))));
    });

    it('refuses an expired challenge', async () => {
      const expired = await createChallenge({ hmacKey: t.config.altchaHmacKey, maxNumber: 1000, expires: new Date(Date.now() - 1000) });
      expectRefused(await post('/api/auth/register', registration(await solve(expired))));
    });

    it('accepts a solved challenge', async () => {
      const response = await post('/api/auth/register', registration(await voterToken()));
      expect(response.status).toBe(200);
      expect(response.body.data.id).toEqual(expect.any(Number));
    });
  });

  describe('password reset', () => {
    it('refuses a missing or bad token and sends nothing', async () => {
      const user = await createUser(t.db);
      expectRefused(await post('/api/auth/password-reset', { email: user.email }));
      expectRefused(await post('/api/auth/password-reset', { email: user.email, voterToken: 'garbage' }));
      expect(await t.outboxFor(user.email)).toHaveLength(0);
    });

    it('accepts a solved challenge', async () => {
      const user = await createUser(t.db);
      const response = await post('/api/auth/password-reset', { email: user.email, voterToken: await voterToken() });
      expect(response.status).toBe(200);
      expect(await t.outboxFor(user.email)).toHaveLength(1);
    });
  });

  describe('activation request', () => {
    it('refuses a missing or bad token and sends nothing', async () => {
      const { profile } = await createMember(t.db);
      const body = { memberNo: profile.memberNo, IdentificationDocumentNo: profile.identificationDocumentNo };
      expectRefused(await post('/api/auth/activation', body));
      expectRefused(await post('/api/auth/activation', { ...body, voterToken: 'garbage' }));
      expect(await t.outboxFor(profile.email as string)).toHaveLength(0);
    });

    it('accepts a solved challenge', async () => {
      const { profile } = await createMember(t.db);
      const response = await post('/api/auth/activation', {
        memberNo: profile.memberNo,
        IdentificationDocumentNo: profile.identificationDocumentNo,
        voterToken: await voterToken(),
      });
      expect(response.status).toBe(200);
      expect(await t.outboxFor(profile.email as string)).toHaveLength(1);
    });
  });

  it('is not asked of sign-in', async () => {
    const user = await createUser(t.db);
    expect((await post('/api/auth/login', { email: user.email, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('without the bot check', () => {
  it('accepts forms without a token and says so in the settings', async () => {
    expect((await plain.call('GET', '/api/settings')).body.data.bot_check).toBe(false);
    const response = await plain.call('POST', '/api/auth/register', { body: registration(), ip: uniqueIp() });
    expect(response.status).toBe(200);
  });
});
