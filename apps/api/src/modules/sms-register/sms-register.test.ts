import { schema } from '@portal/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { licenceRow, thisYear } from '../../../test/upgrades';
import { raiseInvoice } from '../billing';
import { numberIn } from './lookup';
import { phoneHash } from './phone';

const TOKEN = 'at-callback-secret';
const PER_DAY = 4;
/** The app's JSON logs, line by line: no phone's digits and no token may reach them. */
const logLines: string[] = [];
const t = await createTestApp(
  { atCallbackToken: TOKEN, smsRegisterPerDay: PER_DAY, logLevel: 'trace' },
  { logStream: { write: (line) => logLines.push(line) } },
);

let phoneCounter = 0;
/** A fresh phone per test, so the daily limit bites only where a test means it to: '+2547220000NN'. */
const newPhone = () => `+25472200${String(++phoneCounter).padStart(4, '0')}`;
const stored = (phone: string) => phone.replace(/^\+/, '');

/** A form-encoded callback, as Africa's Talking posts it. */
async function callback(path: string, fields: Record<string, string>, token: string | null = TOKEN) {
  const response = await t.app.inject({
    method: 'POST',
    url: token === null ? path : `${path}?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

let messageId = 0;
function sms(from: string, text: string, extra: Record<string, string> = {}, token: string | null = TOKEN) {
  return callback(
    '/api/sms/inbound',
    { from, to: '22384', text, date: '2026-11-27 10:00:00', id: `ATXid_${++messageId}`, linkId: 'link-1', ...extra },
    token,
  );
}

/** The SMS queued to `phone` (stored form), newest first. */
const repliesTo = async (phone: string) => (await t.outboxFor(stored(phone))).map((m) => m.body);

async function smsAnswer(text: string, phone = newPhone()) {
  const response = await sms(phone, text);
  expect(response.status).toBe(200);
  const [reply] = await repliesTo(phone);
  return { reply, body: JSON.parse(response.body) as { data: { outcome: string; reply: string | null } } };
}

function ussd(phoneNumber: string, text: string, sessionId = 'ATUid_1', token: string | null = TOKEN) {
  return callback('/api/ussd', { sessionId, serviceCode: '*384*123#', phoneNumber, text, networkCode: '63902' }, token);
}

async function ussdAnswer(text: string, phone = newPhone()) {
  const response = await ussd(phone, text);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

beforeAll(async () => {
  // ERB1001: listed, titled, in good standing, licensed this year.
  const jane = await createMember(t.db, { memberNo: 'ERB1001', firstName: 'Jane', lastName: 'Mwangi', withUser: true });
  await t.db
    .update(schema.profiles)
    .set({ titles: ['Eng.'], secondName: null })
    .where(eq(schema.profiles.profileId, jane.profile.profileId));
  await licenceRow(t, { profileId: jane.profile.profileId, memberNo: 'ERB1001', user: { id: jane.user?.id ?? 0 } });
  // ERB1002: listed, an overdue invoice unpaid, no licence.
  const late = await createMember(t.db, { memberNo: 'ERB1002', firstName: 'Peter', lastName: 'Otieno' });
  await raiseInvoice(t.db, {
    profileId: late.profile.profileId,
    purpose: 'subscription',
    description: 'Subscription 2025',
    amountCents: 580000,
    externalDocumentNo: 'ERB1002-2025',
    documentDate: '2025-01-01',
    dueDate: '2025-03-31',
  });
  // ERB1003: suspended, and still holding this year's licence on paper.
  const suspended = await createMember(t.db, { memberNo: 'ERB1003', firstName: 'Simon', lastName: 'Kariuki', withUser: true });
  await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.profileId, suspended.profile.profileId));
  await licenceRow(t, { profileId: suspended.profile.profileId, memberNo: 'ERB1003', user: { id: suspended.user?.id ?? 0 } });
  // ERB1004: listed, a suspended licence; ERB1005: listed, last year's licence only.
  const licenceSuspended = await createMember(t.db, { memberNo: 'ERB1004', firstName: 'Ann', lastName: 'Wambui', withUser: true });
  await licenceRow(
    t,
    { profileId: licenceSuspended.profile.profileId, memberNo: 'ERB1004', user: { id: licenceSuspended.user?.id ?? 0 } },
    {
      status: 'Suspended',
    },
  );
  const lapsed = await createMember(t.db, { memberNo: 'ERB1005', firstName: 'Tom', lastName: 'Kiptoo', withUser: true });
  await licenceRow(
    t,
    { profileId: lapsed.profile.profileId, memberNo: 'ERB1005', user: { id: lapsed.user?.id ?? 0 } },
    {
      year: thisYear - 1,
      status: 'Lapsed',
    },
  );
});

const licenceOf = async (memberNo: string) =>
  (await t.db.select().from(schema.licenses).where(eq(schema.licenses.memberNo, memberNo)).orderBy(desc(schema.licenses.year)))[0]
    .licenseNo;

describe('reading a number out of a text', () => {
  it('takes member numbers written any usual way, digits alone with the prefix, and licence numbers anywhere', () => {
    expect(numberIn('ERB1001', 'ERB')).toEqual({ kind: 'member', number: 'ERB1001' });
    expect(numberIn('  check erb1001 please', 'ERB')).toEqual({ kind: 'member', number: 'ERB1001' });
    expect(numberIn('ERB 1001', 'ERB')).toEqual({ kind: 'member', number: 'ERB1001' });
    expect(numberIn('1001', 'ERB')).toEqual({ kind: 'member', number: 'ERB1001' });
    expect(numberIn('0722123456 ERB1002', 'ERB')).toEqual({ kind: 'member', number: 'ERB1002' });
    expect(numberIn('ERB/1001-A.', 'ERB')).toEqual({ kind: 'member', number: 'ERB/1001-A' });
    expect(numberIn('pl-2026-00001', 'ERB')).toEqual({ kind: 'licence', number: 'PL-2026-00001' });
    expect(numberIn('licence PL 2026 1', 'ERB')).toEqual({ kind: 'licence', number: 'PL-2026-00001' });
    expect(numberIn('hello', 'ERB')).toBeNull();
    expect(numberIn('', 'ERB')).toBeNull();
  });
});

describe('POST /api/sms/inbound', () => {
  it('answers a listed member in good standing with a licence, by SMS to the sender', async () => {
    const { reply, body } = await smsAnswer('ERB1001');
    expect(reply).toBe(
      `ERB1001: Eng. Jane Mwangi, Professional Engineer. Registered, good standing. Licensed to practise until 31 Dec ${thisYear}.`,
    );
    expect(body.data).toEqual({ outcome: 'member', reply });
  });

  it('answers a member in arrears without a licence as such', async () => {
    const { reply } = await smsAnswer('check erb1002');
    expect(reply).toBe('ERB1002: Peter Achieng Otieno, Professional Engineer. Registered, in arrears. No current practising licence.');
  });

  it('answers a suspended member as not on the register and not in good standing, without the name', async () => {
    const { reply, body } = await smsAnswer('ERB1003');
    expect(body.data.outcome).toBe('not-listed');
    expect(reply).toBe('ERB1003: not on the public register (membership suspended). Not in good standing; not licensed to practise.');
    expect(reply).not.toContain('Kariuki');
    expect(reply).not.toMatch(/good standing\./);
  });

  it('answers an unknown number, and a text with no number with the help', async () => {
    expect((await smsAnswer('ERB9999')).reply).toBe('No registered engineer has the number ERB9999.');
    const help = await smsAnswer('hello?');
    expect(help.body.data.outcome).toBe('help');
    expect(help.reply).toBe(
      `Send a member number (such as ERB1001) or a practising licence number (such as PL-${thisYear}-00001) to check the register.`,
    );
  });

  it('answers licence numbers: valid, suspended, expired, a suspended holder, unknown', async () => {
    const valid = await licenceOf('ERB1001');
    expect((await smsAnswer(valid.toLowerCase())).reply).toBe(
      `${valid}: practising licence of Eng. Jane Mwangi (ERB1001), valid until 31 Dec ${thisYear}.`,
    );
    const suspended = await licenceOf('ERB1004');
    expect((await smsAnswer(suspended)).reply).toBe(
      `${suspended}: practising licence of Ann Achieng Wambui (ERB1004). Not valid: suspended.`,
    );
    const lapsed = await licenceOf('ERB1005');
    expect((await smsAnswer(lapsed)).reply).toBe(
      `${lapsed}: practising licence of Tom Achieng Kiptoo (ERB1005). Not valid: expired on 31 Dec ${thisYear - 1}.`,
    );
    const holderSuspended = await licenceOf('ERB1003');
    const answer = (await smsAnswer(holderSuspended)).reply;
    expect(answer).toBe(`${holderSuspended}: practising licence. Not valid: the holder's membership is suspended.`);
    expect((await smsAnswer(`PL-${thisYear}-99999`)).reply).toBe(`No practising licence has the number PL-${thisYear}-99999.`);
  });

  it('queues the reply to the sender alone, never to a number in the text', async () => {
    const phone = newPhone();
    const before = (await t.db.select().from(schema.outbox)).length;
    await sms(phone, 'ERB1001 +254733999888 0711222333');
    const after = await t.db.select().from(schema.outbox).orderBy(desc(schema.outbox.id));
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ channel: 'sms', to: stored(phone) });
  });

  it('answers a repeated callback (same message id) once', async () => {
    const phone = newPhone();
    const first = await sms(phone, 'ERB1001', { id: 'ATXid_repeat' });
    const again = await sms(phone, 'ERB1001', { id: 'ATXid_repeat' });
    expect(first.status).toBe(200);
    expect(JSON.parse(again.body).data).toEqual({ outcome: 'ignored', reply: null });
    expect(await repliesTo(phone)).toHaveLength(1);
  });

  it('keeps the phone as a keyed hash only, in the checks and in the limit', async () => {
    const phone = newPhone();
    await sms(phone, 'ERB1001');
    const digits = stored(phone);
    const [check] = await t.db.select().from(schema.registerChecks).orderBy(desc(schema.registerChecks.id)).limit(1);
    expect(check).toMatchObject({ channel: 'sms', query: 'ERB1001', outcome: 'member', phoneHash: phoneHash(t.config, phone) });
    expect(check.phoneHash).toMatch(/^[0-9a-f]{32}$/);
    const everything = JSON.stringify([await t.db.select().from(schema.registerChecks), await t.db.select().from(schema.rateLimits)]);
    expect(everything).not.toContain(digits);
    expect(everything).not.toContain(digits.slice(3));
    // Keyed: not the plain SHA-256 of the number, which anyone could work out for every Kenyan mobile.
    const { sha256 } = await import('../../shared/tokens');
    expect(everything).not.toContain(sha256(digits).slice(0, 32));
  });

  it('logs each check with the phone as its hash, and neither the digits nor the token', async () => {
    const phone = newPhone();
    await sms(phone, 'ERB1001');
    await ussd(phone, '1*ERB1002');
    const checks = logLines.map((line) => JSON.parse(line)).filter((line) => line.registerCheck);
    expect(checks.filter((line) => line.registerCheck.phone === phoneHash(t.config, phone)).map((line) => line.registerCheck)).toEqual([
      { channel: 'sms', phone: phoneHash(t.config, phone), outcome: 'member' },
      { channel: 'ussd', phone: phoneHash(t.config, phone), outcome: 'member' },
    ]);
    const digits = stored(phone);
    expect(logLines.filter((line) => line.includes(digits.slice(3)) || line.includes(TOKEN))).toEqual([]);
  });

  it('answers a malformed callback with a 4xx, never a 5xx', async () => {
    const phone = newPhone();
    const bad = [
      await callback('/api/sms/inbound', { text: 'ERB1001' }),
      await callback('/api/sms/inbound', { from: phone, text: 'ERB\u0000 1001' }),
      await callback('/api/sms/inbound', { from: phone, text: 'A'.repeat(1_000_000) }),
      await callback('/api/ussd', { phoneNumber: phone, text: '1*ERB1001' }),
      await callback('/api/ussd', { sessionId: 's', phoneNumber: phone, text: `1*${'9'.repeat(5000)}` }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 413, 400, 400]);
    expect(await repliesTo(phone)).toHaveLength(0);
  });

  it('answers at most SMS_REGISTER_PER_DAY checks a phone a day, then says so once, then nothing', async () => {
    const phone = newPhone();
    for (let i = 0; i < PER_DAY; i++) expect(JSON.parse((await sms(phone, 'ERB1001')).body).data.outcome).toBe('member');
    const limited = JSON.parse((await sms(phone, 'ERB1001')).body).data;
    expect(limited).toEqual({
      outcome: 'limited',
      reply: `You have reached the limit of ${PER_DAY} register checks a day from this phone. Please try again later.`,
    });
    expect(JSON.parse((await sms(phone, 'ERB1001')).body).data).toEqual({ outcome: 'limited', reply: null });
    expect(await repliesTo(phone)).toHaveLength(PER_DAY + 1);
    // Another phone is not held back, and the same phone over USSD shares the count.
    expect(JSON.parse((await sms(newPhone(), 'ERB1001')).body).data.outcome).toBe('member');
    expect((await ussd(phone, '1*ERB1001')).body).toBe(
      `END You have reached the limit of ${PER_DAY} register checks a day from this phone. Please try again later.`,
    );
  });

  it('refuses a callback without the token or with a wrong one (403), answering nothing', async () => {
    const phone = newPhone();
    for (const token of [null, '', 'wrong', `${TOKEN}x`]) {
      const response = await sms(phone, 'ERB1001', {}, token);
      expect(response.status, String(token)).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ message: expect.any(String) });
      expect((await ussd(phone, '', 'ATUid_x', token)).status).toBe(403);
    }
    expect(await repliesTo(phone)).toHaveLength(0);
  });

  it('sends no reply to a sender that is no phone number', async () => {
    const response = await sms('ERB-INFO', 'ERB1001');
    expect(JSON.parse(response.body).data).toEqual({ outcome: 'ignored', reply: null });
  });
});

describe('POST /api/ussd', () => {
  it('walks the menu: choices, the question, the answer as the SMS gives it', async () => {
    const phone = newPhone();
    expect(await ussdAnswer('', phone)).toBe(
      'CON Engineers Registration Board register\n1. Check an engineer\n2. Check a practising licence',
    );
    expect(await ussdAnswer('1', phone)).toBe('CON Enter the member number (such as ERB1001 or 1001)');
    expect(await ussdAnswer('1*ERB1001', phone)).toBe(
      `END ERB1001: Eng. Jane Mwangi, Professional Engineer. Registered, good standing. Licensed to practise until 31 Dec ${thisYear}.`,
    );
    expect(await ussdAnswer('1*1003', phone)).toBe(
      'END ERB1003: not on the public register (membership suspended). Not in good standing; not licensed to practise.',
    );
    expect(await ussdAnswer('1*4242', phone)).toBe('END No registered engineer has the number ERB4242.');
    // USSD answers never go by SMS.
    expect(await repliesTo(phone)).toHaveLength(0);
  });

  it('checks licence numbers, typed in full or as digits', async () => {
    const valid = await licenceOf('ERB1001');
    expect(await ussdAnswer('2')).toBe(`CON Enter the licence number (such as PL-${thisYear}-00001 or ${thisYear}00001)`);
    const expected = `END ${valid}: practising licence of Eng. Jane Mwangi (ERB1001), valid until 31 Dec ${thisYear}.`;
    expect(await ussdAnswer(`2*${valid}`)).toBe(expected);
    expect(await ussdAnswer(`2*${valid.replace(/\D/g, '')}`)).toBe(expected);
    expect(await ussdAnswer('2*hello')).toBe('END No practising licence has the number HELLO.');
  });

  it('ends on a choice not on the menu or nothing entered', async () => {
    expect(await ussdAnswer('3')).toBe('END Invalid choice. Please dial again.');
    expect(await ussdAnswer('1* ')).toBe('END No number entered. Please dial again.');
  });

  it('records each answer with the phone as its keyed hash, the menu steps taking none of the day', async () => {
    const phone = newPhone();
    for (let i = 0; i < PER_DAY + 2; i++) await ussdAnswer('1', phone);
    expect(await ussdAnswer('1*ERB1002', phone)).toMatch(/^END ERB1002: /);
    const rows = await t.db
      .select()
      .from(schema.registerChecks)
      .where(eq(schema.registerChecks.phoneHash, phoneHash(t.config, phone)));
    expect(rows).toEqual([expect.objectContaining({ channel: 'ussd', providerId: 'ATUid_1', query: 'ERB1002', outcome: 'member' })]);
  });
});

describe('the development routes', () => {
  it('play the phone without the token, through the same checks', async () => {
    const phone = newPhone();
    const sent = await t.call('POST', '/api/dev/sms', { body: { from: phone, text: 'ERB1002' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.outcome).toBe('member');
    expect(await repliesTo(phone)).toEqual([sent.body.data.reply]);
    const menu = await t.call('POST', '/api/dev/ussd', { body: { sessionId: 'dev-1', phoneNumber: phone, text: '' } });
    expect(menu.body.data.reply).toMatch(/^CON /);
  });

  it('are not there in production', async () => {
    const production = await createTestApp({ env: 'production', atCallbackToken: TOKEN });
    expect((await production.call('POST', '/api/dev/sms', { body: { from: newPhone(), text: 'ERB1001' } })).status).toBe(404);
    expect((await production.call('POST', '/api/dev/ussd', { body: { sessionId: 'x', phoneNumber: newPhone(), text: '' } })).status).toBe(
      404,
    );
  });
});
