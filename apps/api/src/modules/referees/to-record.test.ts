import { maskEmail, maskPhone, refereeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, uniqueIp } from '../../../test/harness';
import { createIndividual, sectionSample } from '../../../test/profile';
import { answer, parseRefereeLinks, type RefereeLinks } from '../../../test/referees';
import { sha256 } from '../../shared/tokens';
import { sendDueReminders } from './reminders';
import { linkValue } from './requests';
import { resendRequestsToRecord } from './to-record';

// Decision 028: a referee request goes to the referee member's email and phone on record, never to the
// Email and PhoneNo the applicant types on the entry.

const t = await createTestApp();
const { refereeRequests, users } = schema;
const DAY = 24 * 60 * 60 * 1000;
const days = (n: number) => new Date(Date.now() + n * DAY);

let serial = 0;
const uniquePhone = () => `07${String(Date.now() % 1e6).padStart(6, '0')}${String(serial++ % 100).padStart(2, '0')}`;
const normalised = (phone: string) => `254${phone.slice(1)}`;

const form = (links: Pick<RefereeLinks, 'user' | 'code'>) =>
  t.call('GET', `/api/questions?memberNo=${encodeURIComponent(links.user)}&code=${encodeURIComponent(links.code)}`, { ip: uniqueIp() });

/** A registered member to name as a referee: with a portal account whose email differs from the register's, or without one. */
async function refereeMember(options: { account?: boolean; email?: string | null } = {}) {
  const phone = uniquePhone();
  const { profile } = await createMember(t.db, { phone, email: options.email });
  const user = options.account
    ? await createUser(t.db, {
        email: `account-${profile.memberNo?.toLowerCase()}@example.org`,
        phone: normalised(uniquePhone()),
        profileId: profile.profileId,
      })
    : null;
  return {
    memberNo: profile.memberNo as string,
    profileEmail: profile.email,
    /** Where the board reaches the member: the account's email and phone when there is an account. */
    recordEmail: (user?.email ?? profile.email) as string,
    recordPhone: user?.phoneNo ?? normalised(phone),
  };
}

/** An applicant who names `memberNo` and types their own email and phone on the entry, as the attack does. */
async function nameWithOwnAddress(applicant: Awaited<ReturnType<typeof createIndividual>>, memberNo: string) {
  return t.call('POST', '/api/profile/referee', {
    token: applicant.token,
    body: {
      ...sectionSample('referee', memberNo),
      Email: applicant.user.email,
      PhoneNo: applicant.user.phoneNo?.replace(/^254/, '0') ?? '0700000001',
    },
  });
}

/** Referee request emails (first and reminders) queued for `to`, newest first. */
async function refereeMails(to: string) {
  return (await t.outboxFor(to)).filter((m) => m.channel === 'email' && /referee request/i.test(m.subject ?? ''));
}

async function requestsOf(profileId: string, entryNo: number) {
  return t.db
    .select()
    .from(refereeRequests)
    .where(and(eq(refereeRequests.profileId, profileId), eq(refereeRequests.entryNo, entryNo)))
    .orderBy(desc(refereeRequests.id));
}

describe('a referee request goes to the record, whatever the applicant typed', () => {
  it('emails the account address on record and texts the phone on record; the typed address gets nothing to accept with', async () => {
    const applicant = await createIndividual(t);
    const referee = await refereeMember({ account: true });
    const added = await nameWithOwnAddress(applicant, referee.memberNo);
    expect(added.status).toBe(200);
    // The typed field is kept as typed.
    expect(added.body.data.Email).toBe(applicant.user.email.toLowerCase());

    // Nothing reaches the applicant's own mailbox or phone: no link to accept with.
    expect(await t.outboxFor(applicant.user.email)).toHaveLength(0);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
    expect(await t.outboxFor(applicant.user.phoneNo as string)).toHaveLength(0);
    // The register's address is not the account's: the account, where the member signs in, is the record.
    expect(await t.outboxFor(referee.profileEmail as string)).toHaveLength(0);

    const [mail] = await refereeMails(referee.recordEmail);
    expect(mail.subject).toBe('Referee request for Wanjiku NJERI Kamau');
    const links = parseRefereeLinks(mail.body);
    expect((await form(links)).status).toBe(200);

    const [sms] = await t.outboxFor(referee.recordPhone);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain('has named you as a referee');
    expect(sms.body).toContain(maskEmail(referee.recordEmail));
    // The links live in the mailbox on record only.
    expect(sms.body).not.toContain('http');

    const [request] = await requestsOf(applicant.profileId, added.body.data.EntryNo);
    expect(request).toMatchObject({ refereeEmail: referee.recordEmail, refereePhone: referee.recordPhone, sentToRecord: true });

    // Only the referee's own answer, through the mail on record, confirms the referee.
    expect((await answer(t, links, 'Accept')).status).toBe(200);
  });

  it("uses the register's email and phone for a member without a portal account", async () => {
    const applicant = await createIndividual(t);
    const referee = await refereeMember();
    const added = await nameWithOwnAddress(applicant, referee.memberNo);
    expect(added.status).toBe(200);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
    expect(await refereeMails(referee.recordEmail)).toHaveLength(1);
    expect((await t.outboxFor(referee.recordPhone)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('shows the applicant where the request went, masked, in the referee list and the saved entry', async () => {
    const applicant = await createIndividual(t);
    const referee = await refereeMember({ account: true });
    const added = await nameWithOwnAddress(applicant, referee.memberNo);
    const masked = { sentToEmail: maskEmail(referee.recordEmail), sentToPhone: maskPhone(referee.recordPhone) };
    expect(masked.sentToEmail).toMatch(/^a\*+@example\.org$/);
    expect(masked.sentToPhone).toMatch(/^\+254 7\d\d \*\*\* \*\d\d$/);
    expect(added.body.data).toMatchObject(masked);

    const list = await t.call('GET', '/api/profile/referee', { token: applicant.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ ...masked, Email: applicant.user.email.toLowerCase(), MemberNo: referee.memberNo });
    // Never the full address on record.
    expect(JSON.stringify(list.body.data)).not.toContain(referee.recordEmail);
  });

  it('refuses a member with no email on record, and saves nothing', async () => {
    const applicant = await createIndividual(t);
    const referee = await refereeMember({ email: null });
    const added = await nameWithOwnAddress(applicant, referee.memberNo);
    expect(added.status).toBe(400);
    expect(added.body.message).toBe(refereeMessages.noEmailOnRecord);
    expect(added.body.errors).toEqual({ MemberNo: [refereeMessages.noEmailOnRecord] });
    expect((await t.call('GET', '/api/profile/referee', { token: applicant.token })).body.data).toEqual([]);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
    expect(await t.outboxFor(referee.recordPhone)).toHaveLength(0);
  });
});

describe('resend and reminders go to the record', () => {
  it('resends to the record as it is now, not to the typed address; refuses when the record has no email', async () => {
    const applicant = await createIndividual(t);
    const referee = await refereeMember();
    const added = await nameWithOwnAddress(applicant, referee.memberNo);
    const { EntryNo } = added.body.data;
    const first = parseRefereeLinks((await refereeMails(referee.recordEmail))[0].body);

    // The member's record changes (a new address and phone): the resend follows it.
    const moved = `moved-${referee.memberNo.toLowerCase()}@example.net`;
    const newPhone = uniquePhone();
    await t.db.update(schema.profiles).set({ email: moved, phoneNo: newPhone }).where(eq(schema.profiles.memberNo, referee.memberNo));
    const sent = await t.call('POST', '/api/profile/referee/send_email', { token: applicant.token, body: { EntryNo } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.message).toBe(refereeMessages.emailSent);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
    const [mail] = await refereeMails(moved);
    expect((await form(parseRefereeLinks(mail.body))).status).toBe(200);
    expect((await form(first)).status).toBe(410);
    expect((await t.outboxFor(normalised(newPhone))).map((m) => m.channel)).toEqual(['sms']);
    const list = await t.call('GET', '/api/profile/referee', { token: applicant.token });
    expect(list.body.data[0]).toMatchObject({ sentToEmail: maskEmail(moved), sentToPhone: maskPhone(normalised(newPhone)) });

    // No email on record any more: refused, and the current link keeps working.
    await t.db.update(schema.profiles).set({ email: null }).where(eq(schema.profiles.memberNo, referee.memberNo));
    const refused = await t.call('POST', '/api/profile/referee/send_email', { token: applicant.token, body: { EntryNo } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(refereeMessages.noEmailOnRecord);
    expect((await form(parseRefereeLinks(mail.body))).status).toBe(200);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
  });

  it('reminds at the email and phone on record; the reminder SMS follows sms_reminders', async () => {
    const applicant = await createIndividual(t);
    const texted = await refereeMember({ account: true });
    const quiet = await refereeMember({ account: true });
    await t.db.update(users).set({ smsReminders: 0 }).where(eq(users.email, quiet.recordEmail));
    for (const referee of [texted, quiet]) expect((await nameWithOwnAddress(applicant, referee.memberNo)).status).toBe(200);

    expect(await sendDueReminders(t, days(8))).toBeGreaterThanOrEqual(2);
    expect(await t.outboxFor(applicant.user.email.toLowerCase())).toHaveLength(0);
    expect(await t.outboxFor(applicant.user.phoneNo as string)).toHaveLength(0);
    for (const referee of [texted, quiet]) {
      const mails = await refereeMails(referee.recordEmail);
      expect(mails.map((m) => m.subject)).toEqual([
        'Reminder: referee request for Wanjiku NJERI Kamau',
        'Referee request for Wanjiku NJERI Kamau',
      ]);
      expect((await form(parseRefereeLinks(mails[0].body))).status).toBe(200);
    }
    const textedSms = await t.outboxFor(texted.recordPhone);
    expect(textedSms).toHaveLength(2);
    expect(textedSms[0].body).toContain('reminder');
    expect(await t.outboxFor(quiet.recordPhone)).toHaveLength(1);
  });
});

describe('resendRequestsToRecord (start-up step)', () => {
  /**
   * A request as made before decision 028: sent to `sentTo` (what the applicant typed), no SMS, not marked, with a
   * link whose token we know.
   */
  async function oldRequest(
    profileId: string,
    entryNo: number,
    memberNo: string,
    sentTo: string,
    extra: Partial<typeof refereeRequests.$inferInsert> = {},
  ) {
    const token = `old-token-${profileId}-${entryNo}-${serial++}`;
    await t.db
      .update(refereeRequests)
      .set({ refereeEmail: sentTo, refereePhone: null, sentToRecord: false, tokenHash: sha256(token), remindersSent: 2, ...extra })
      .where(and(eq(refereeRequests.profileId, profileId), eq(refereeRequests.entryNo, entryNo)));
    return { user: linkValue(memberNo), code: linkValue(token) };
  }

  it('supersedes live requests sent to a typed address and issues new ones to the record, once', async () => {
    const applicant = await createIndividual(t);
    const typed = applicant.user.email.toLowerCase();
    const wrong = await refereeMember({ account: true });
    const right = await refereeMember();
    const gone = await refereeMember();
    const answered = await refereeMember();
    const expired = await refereeMember();
    const entries = new Map<string, number>();
    for (const referee of [wrong, right, gone, answered, expired]) {
      const added = await nameWithOwnAddress(applicant, referee.memberNo);
      expect(added.status).toBe(200);
      entries.set(referee.memberNo, added.body.data.EntryNo);
    }
    const entry = (r: { memberNo: string }) => entries.get(r.memberNo) as number;
    const wrongLink = await oldRequest(applicant.profileId, entry(wrong), wrong.memberNo, typed);
    // Sent to the address on record already (typed in another case): only marked.
    const rightLink = await oldRequest(applicant.profileId, entry(right), right.memberNo, right.recordEmail.toUpperCase());
    // The referee's record has no email any more: the typed address's link is withdrawn, nothing is sent.
    const goneLink = await oldRequest(applicant.profileId, entry(gone), gone.memberNo, typed);
    await t.db.update(schema.profiles).set({ email: null }).where(eq(schema.profiles.memberNo, gone.memberNo));
    // Answered and expired requests are not live: left as they are.
    const answeredLink = await oldRequest(applicant.profileId, entry(answered), answered.memberNo, typed);
    expect((await answer(t, answeredLink, 'Accept')).status).toBe(200);
    await oldRequest(applicant.profileId, entry(expired), expired.memberNo, typed, { expiresAt: new Date(Date.now() - 1000) });
    const mailsBefore = {
      wrong: (await refereeMails(wrong.recordEmail)).length,
      right: (await refereeMails(right.recordEmail)).length,
      expired: (await refereeMails(expired.recordEmail)).length,
    };

    const [a, b] = await Promise.all([resendRequestsToRecord(t), resendRequestsToRecord(t)]);
    expect({ kept: a.kept + b.kept, resent: a.resent + b.resent, withdrawn: a.withdrawn + b.withdrawn }).toEqual({
      kept: 1,
      resent: 1,
      withdrawn: 1,
    });

    // The link at the typed address stops working; the record gets a new request with a new link.
    const stale = await form(wrongLink);
    expect(stale.status).toBe(410);
    expect(stale.body.message).toBe(refereeMessages.linkSuperseded);
    expect((await answer(t, wrongLink, 'Accept')).status).toBe(410);
    const wrongMails = await refereeMails(wrong.recordEmail);
    expect(wrongMails).toHaveLength(mailsBefore.wrong + 1);
    const fresh = parseRefereeLinks(wrongMails[0].body);
    expect(fresh.code).not.toBe(wrongLink.code);
    const [latest, old] = await requestsOf(applicant.profileId, entry(wrong));
    expect(old.supersededAt).toBeInstanceOf(Date);
    expect(latest).toMatchObject({
      supersededAt: null,
      sentToRecord: true,
      refereeEmail: wrong.recordEmail,
      refereePhone: wrong.recordPhone,
      remindersSent: 2,
    });
    expect((await t.outboxFor(wrong.recordPhone))[0].channel).toBe('sms');

    // Already at the record: marked, nothing sent, the link still works.
    expect(await refereeMails(right.recordEmail)).toHaveLength(mailsBefore.right);
    expect((await form(rightLink)).status).toBe(200);
    expect((await requestsOf(applicant.profileId, entry(right)))[0].sentToRecord).toBe(true);

    // No email on record: withdrawn, nothing issued.
    expect((await form(goneLink)).status).toBe(410);
    expect((await requestsOf(applicant.profileId, entry(gone))).every((r) => r.supersededAt)).toBe(true);

    // Answered and expired ones untouched.
    const [answeredRow] = await requestsOf(applicant.profileId, entry(answered));
    expect(answeredRow).toMatchObject({ supersededAt: null, sentToRecord: false, response: 'Accept' });
    const [expiredRow] = await requestsOf(applicant.profileId, entry(expired));
    expect(expiredRow).toMatchObject({ supersededAt: null, sentToRecord: false });
    expect(await refereeMails(expired.recordEmail)).toHaveLength(mailsBefore.expired);

    // No request ever went to the typed address (the applicant only heard that a referee accepted); the
    // applicant's list shows the record, masked.
    expect(await refereeMails(typed)).toHaveLength(0);
    expect((await t.outboxFor(typed)).map((m) => m.subject)).toEqual([expect.stringMatching(/has accepted your request$/)]);
    const list = await t.call('GET', '/api/profile/referee', { token: applicant.token });
    const shown = list.body.data.find((e: { EntryNo: number }) => e.EntryNo === entry(wrong));
    expect(shown).toMatchObject({ sentToEmail: maskEmail(wrong.recordEmail), sentToPhone: maskPhone(wrong.recordPhone) });
    expect(list.body.data.find((e: { EntryNo: number }) => e.EntryNo === entry(gone))).toMatchObject({ sentToEmail: '', sentToPhone: '' });

    // A second start-up does nothing.
    const outboxSize = (await t.db.select().from(schema.outbox)).length;
    expect(await resendRequestsToRecord(t)).toEqual({ kept: 0, resent: 0, withdrawn: 0 });
    expect(await t.db.select().from(schema.outbox)).toHaveLength(outboxSize);
    expect((await form(fresh)).status).toBe(200);
  });
});
