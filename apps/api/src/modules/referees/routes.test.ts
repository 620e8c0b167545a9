import { DEFAULT_REFEREE_CONFIRMATION, decodeBase64, refereeMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { createIndividual, registeredMember, sectionSample } from '../../../test/profile';
import { addReferee, answer, latestRefereeLinks, parseRefereeLinks, type RefereeLinks } from '../../../test/referees';

const t = await createTestApp();
const { refereeRequests, profileEntries, users } = schema;

const form = (links: Pick<RefereeLinks, 'user' | 'code'>, ip = uniqueIp()) =>
  t.call('GET', `/api/questions?memberNo=${encodeURIComponent(links.user)}&code=${encodeURIComponent(links.code)}`, { ip });

async function requestsOf(profileId: string, entryNo: number) {
  return t.db
    .select()
    .from(refereeRequests)
    .where(and(eq(refereeRequests.profileId, profileId), eq(refereeRequests.entryNo, entryNo)))
    .orderBy(desc(refereeRequests.id));
}

async function entryData(profileId: string, entryNo: number) {
  const [row] = await t.db
    .select()
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, 'referee'), eq(profileEntries.entryNo, entryNo)));
  return row.data;
}

/** The one-click link's query values, as the one-click page reads them. */
function oneClick(link: string) {
  const q = new URL(link, 'http://portal.test').searchParams;
  return { user: q.get('user') as string, code: q.get('code') as string, action: decodeBase64(q.get('action') as string) };
}

const answersFor = (questions: { questionNo: number }[], text = (n: number) => `Answer to question ${n}`) =>
  questions.map((q) => ({ questionNo: q.questionNo, answer: text(q.questionNo) }));

describe('adding a referee emails the request', () => {
  it('sends the review link and the one-click links, which open the question form', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const [email] = await t.outboxFor(referee.email);
    expect(email.subject).toBe('Referee request for Wanjiku NJERI Kamau');
    expect(email.body).toContain('Dear Amina Achieng Odhiambo,');

    const links = parseRefereeLinks(email.body);
    expect(decodeBase64(links.user)).toBe(referee.memberNo);
    // The code is the base64 of a 256-bit token; only its hash is stored.
    const token = decodeBase64(links.code) as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [request] = await requestsOf(applicant.profileId, referee.entry.EntryNo);
    expect(request.tokenHash).not.toContain(token);
    expect(request.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(request.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(oneClick(links.accept)).toEqual({ user: links.user, code: links.code, action: 'accept' });
    expect(oneClick(links.reject)).toEqual({ user: links.user, code: links.code, action: 'reject' });

    const loaded = await form(links);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data).toMatchObject({
      referee: 'Amina Achieng Odhiambo',
      memberNo: referee.memberNo,
      applicant: 'Wanjiku NJERI Kamau',
      ConfirmationStatement: DEFAULT_REFEREE_CONFIRMATION,
      response: '',
      Remarks: '',
    });
    expect(loaded.body.data.Questions).toHaveLength(5);
    expect(loaded.body.data.Questions[0]).toEqual({ questionNo: 1, question: expect.stringContaining('How long'), answer: '' });
    // The one-click link's values load the same form.
    expect((await form(oneClick(links.accept))).status).toBe(200);
  });

  it('takes the confirmation statement from the referee_disclaimer_caption setting', async () => {
    const [settings] = await t.db.select().from(schema.settings);
    const minor = JSON.parse(settings.minorSettings ?? '{}');
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ ...minor, referee_disclaimer_caption: 'I confirm what I say is true.' }) })
      .where(eq(schema.settings.id, settings.id));
    try {
      const applicant = await createIndividual(t);
      const referee = await addReferee(t, applicant.token);
      expect((await form(referee.links)).body.data.ConfirmationStatement).toBe('I confirm what I say is true.');
    } finally {
      await t.db.update(schema.settings).set({ minorSettings: settings.minorSettings }).where(eq(schema.settings.id, settings.id));
    }
  });

  it('refuses links that name nothing: a wrong code, a wrong member, not base64', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const other = await registeredMember(t);
    for (const links of [
      { user: referee.links.user, code: Buffer.from('x'.repeat(43)).toString('base64') },
      { user: Buffer.from(other).toString('base64'), code: referee.links.code },
      { user: referee.links.user, code: '%%%' },
    ]) {
      const response = await form(links);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(refereeMessages.linkInvalid);
    }
    expect((await t.call('GET', '/api/questions', { ip: uniqueIp() })).status).toBe(400);
  });
});

describe('POST /api/questions/update', () => {
  it('accepts with the answers of the multi-step form, once, and tells the applicant', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const { Questions } = (await form(referee.links)).body.data;

    const tooLong = await answer(t, referee.links, 'Accept', { Questions: answersFor(Questions, () => 'x'.repeat(251)) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Max 250 characters');
    const unknown = await answer(t, referee.links, 'Accept', { Questions: [{ questionNo: 99, answer: 'Hmm' }] });
    expect(unknown.status).toBe(400);

    const accepted = await answer(t, referee.links, 'Accept', {
      Questions: answersFor(Questions, (n) => (n === 5 ? 'y'.repeat(250) : `Answer to question ${n}`)),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ message: 'Referee Confirmed Successfully', response: 'Accept', applicant: 'Wanjiku NJERI Kamau' });

    const [request] = await requestsOf(applicant.profileId, referee.entry.EntryNo);
    expect(request).toMatchObject({ response: 'Accept', remarks: '' });
    expect(request.respondedAt).toBeInstanceOf(Date);
    expect(request.answers?.[0]).toEqual({ questionNo: 1, question: Questions[0].question, answer: 'Answer to question 1' });
    expect(request.answers?.[4].answer).toHaveLength(250);

    // The applicant sees the response on the referee entry, and is emailed.
    const list = await t.call('GET', '/api/profile/referee', { token: applicant.token });
    expect(list.body.data[0]).toMatchObject({ MemberNo: referee.memberNo, response: 'Accept', Remarks: '' });
    const [notice] = await t.outboxFor(applicant.user.email);
    expect(notice.subject).toBe('Your referee Amina Achieng Odhiambo has accepted your request');

    // The link works once: neither the form nor a second answer opens again.
    const again = await answer(t, referee.links, 'Reject', { Remarks: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(refereeMessages.alreadyAnswered);
    expect((await form(referee.links)).status).toBe(409);
    expect((await entryData(applicant.profileId, referee.entry.EntryNo)).response).toBe('Accept');
  });

  it("rejects only with remarks (the one-click link), and respects the applicant's email preference", async () => {
    const applicant = await createIndividual(t);
    await t.db.update(users).set({ emailUpdates: 0 }).where(eq(users.id, applicant.user.id));
    const referee = await addReferee(t, applicant.token);
    const values = oneClick(referee.links.reject);

    const bare = await answer(t, values, 'Reject');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Rejection Remarks are required');
    expect((await answer(t, values, 'Reject', { Remarks: '   ' })).status).toBe(400);

    const rejected = await t.call('POST', '/api/questions/update', {
      body: { user: values.user, code: values.code, response: 'Reject', Remarks: 'I have not worked with the applicant' },
      ip: uniqueIp(),
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.message).toBe('Referee Rejected Successfully');
    expect(await entryData(applicant.profileId, referee.entry.EntryNo)).toMatchObject({
      response: 'Reject',
      Remarks: 'I have not worked with the applicant',
    });
    expect(await t.outboxFor(applicant.user.email)).toHaveLength(0);
  });

  it('accepts in one click without answers', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const accepted = await answer(t, oneClick(referee.links.accept), 'Accept');
    expect(accepted.status).toBe(200);
    const [request] = await requestsOf(applicant.profileId, referee.entry.EntryNo);
    expect(request.answers?.every((a) => a.answer === '')).toBe(true);
  });

  it('refuses expired links', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    await t.db
      .update(refereeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refereeRequests.profileId, applicant.profileId));
    for (const response of [await form(referee.links), await answer(t, referee.links, 'Accept')]) {
      expect(response.status).toBe(410);
      expect(response.body.message).toBe(refereeMessages.linkExpired);
    }
    expect((await entryData(applicant.profileId, referee.entry.EntryNo)).response).toBe('');
  });

  it('answers two simultaneous uses of one link once', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const results = await Promise.all([
      answer(t, referee.links, 'Accept'),
      answer(t, referee.links, 'Reject', { Remarks: 'No' }),
      answer(t, referee.links, 'Accept'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
  });

  it('limits the public calls per address', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) expect((await form(referee.links, ip)).status).toBe(200);
    const limited = await form(referee.links, ip);
    expect(limited.status).toBe(429);
    expect((await form(referee.links)).status).toBe(200);
  });
});

describe('POST /api/profile/referee/send_email', () => {
  it("resends with a new link ('Email Sent'); the old link stops working; answered referees are not asked again", async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const sent = await t.call('POST', '/api/profile/referee/send_email', {
      token: applicant.token,
      body: { EntryNo: referee.entry.EntryNo },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ data: { message: 'Email Sent' } });
    expect(await t.outboxFor(referee.email)).toHaveLength(2);

    const fresh = await latestRefereeLinks(t, referee.email);
    expect(fresh.code).not.toBe(referee.links.code);
    const old = await form(referee.links);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(refereeMessages.linkSuperseded);
    expect((await answer(t, referee.links, 'Accept')).status).toBe(410);

    expect((await answer(t, fresh, 'Accept')).status).toBe(200);
    const late = await t.call('POST', '/api/profile/referee/send_email', {
      token: applicant.token,
      body: { EntryNo: referee.entry.EntryNo },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(refereeMessages.refereeAnswered);
    expect(await t.outboxFor(referee.email)).toHaveLength(2);
  });

  it("only for the caller's own entries, signed in, and limited per user", async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const other = await createIndividual(t);
    const stranger = await t.call('POST', '/api/profile/referee/send_email', {
      token: other.token,
      body: { EntryNo: referee.entry.EntryNo },
    });
    expect(stranger.status).toBe(404);
    expect((await t.call('POST', '/api/profile/referee/send_email', { body: { EntryNo: referee.entry.EntryNo } })).status).toBe(401);
    expect((await t.call('POST', '/api/profile/referee/send_email', { token: applicant.token, body: {} })).status).toBe(400);
    expect(await t.outboxFor(referee.email)).toHaveLength(1);
    // The stranger's attempt superseded nothing: the first link still works.
    expect((await form(referee.links)).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      const sent = await t.call('POST', '/api/profile/referee/send_email', {
        token: applicant.token,
        body: { EntryNo: referee.entry.EntryNo },
      });
      expect(sent.status).toBe(200);
    }
    expect(
      (await t.call('POST', '/api/profile/referee/send_email', { token: applicant.token, body: { EntryNo: referee.entry.EntryNo } }))
        .status,
    ).toBe(429);
  });
});

describe('replacing and removing a referee', () => {
  it('replacing the member supersedes the request and asks the new referee; other edits keep it', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const { EntryNo } = referee.entry;

    // An edit that keeps the member (a phone number) keeps the link.
    const edited = await t.call('POST', '/api/profile/referee/update', {
      token: applicant.token,
      body: { ...sectionSample('referee', referee.memberNo.toLowerCase()), Email: referee.email, PhoneNo: '0700000000', EntryNo },
    });
    expect(edited.status).toBe(200);
    expect(await t.outboxFor(referee.email)).toHaveLength(1);
    expect((await form(referee.links)).status).toBe(200);

    const { profile: next } = await createMember(t.db, { firstName: 'Baraka' });
    const replaced = await t.call('POST', '/api/profile/referee/update', {
      token: applicant.token,
      body: { ...sectionSample('referee', next.memberNo as string), Name: 'Baraka Odhiambo', Email: next.email, EntryNo },
    });
    expect(replaced.status).toBe(200);
    expect((await form(referee.links)).status).toBe(410);
    const newLinks = await latestRefereeLinks(t, next.email as string);
    expect(decodeBase64(newLinks.user)).toBe(next.memberNo);
    expect((await form(newLinks)).body.data.referee).toBe('Baraka Odhiambo');
    const requests = await requestsOf(applicant.profileId, EntryNo);
    expect(requests).toHaveLength(2);
    expect(requests[1].supersededAt).toBeInstanceOf(Date);
    expect(requests[0]).toMatchObject({ refereeMemberNo: next.memberNo, supersededAt: null });
  });

  it('removing the entry supersedes its requests, so a new entry with the same number is not answered by them', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const removed = await t.call('POST', '/api/profile/referee/remove', {
      token: applicant.token,
      body: { EntryNo: referee.entry.EntryNo },
    });
    expect(removed.status).toBe(200);
    expect((await form(referee.links)).status).toBe(410);
    const again = await addReferee(t, applicant.token);
    expect(again.entry.EntryNo).toBe(referee.entry.EntryNo);
    expect((await answer(t, referee.links, 'Accept')).status).toBe(410);
    expect((await entryData(applicant.profileId, again.entry.EntryNo)).response).toBe('');
  });

  it('a link superseded before the answer arrives is refused and changes nothing', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    await t.db.update(refereeRequests).set({ supersededAt: new Date() }).where(eq(refereeRequests.profileId, applicant.profileId));
    const late = await answer(t, referee.links, 'Accept');
    expect(late.status).toBe(410);
    expect((await entryData(applicant.profileId, referee.entry.EntryNo)).response).toBe('');
  });
});

describe('GET /api/questions/refereeForm/:entryNo', () => {
  it('is the answered form as a PDF with the referee, the answers and the remarks', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    const url = `/api/questions/refereeForm/${referee.entry.EntryNo}`;
    const before = await t.call('GET', url, { token: applicant.token });
    expect(before.status).toBe(404);
    expect(before.body.message).toBe(refereeMessages.notAnswered);

    const { Questions } = (await form(referee.links)).body.data;
    await answer(t, referee.links, 'Accept', { Questions: answersFor(Questions, (n) => `Reference answer number ${n}`) });
    const report = await t.call('GET', url, { token: applicant.token });
    expect(report.status).toBe(200);
    expect(Buffer.from(report.body.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(report.body.data);
    expect(text).toContain('Amina Achieng Odhiambo');
    expect(text).toContain('Wanjiku NJERI Kamau');
    expect(text).toContain('Reference answer number 1');
    expect(text).toContain('Reference answer number 5');
    // One document number, issued once and shown on every copy.
    const documentNo = text.match(/RFR-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0];
    expect(documentNo).toBeTruthy();
    expect(await pdfText((await t.call('GET', url, { token: applicant.token })).body.data)).toContain(documentNo);
    const docs = await t.db.select().from(schema.documents).where(eq(schema.documents.kind, 'referee_report'));
    expect(docs.filter((d) => d.profileId === applicant.profileId)).toHaveLength(1);

    // Another member cannot read it, with or without naming the profile; admins and approvers can.
    const other = await createIndividual(t);
    expect((await t.call('GET', url, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `${url}?profileId=${applicant.profileId}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', url)).status).toBe(401);
    const approver = await createUser(t.db, { isApprover: true });
    const viaApprover = await t.call('GET', `${url}?profileId=${applicant.profileId}`, { token: await signIn(t, approver.email) });
    expect(viaApprover.status).toBe(200);
    expect(await pdfText(viaApprover.body.data)).toContain(documentNo);

    // Replacing the referee revokes the report: it no longer describes a current referee.
    const replaced = await t.call('POST', '/api/profile/referee/update', {
      token: applicant.token,
      body: { ...sectionSample('referee', await registeredMember(t)), EntryNo: referee.entry.EntryNo },
    });
    expect(replaced.status).toBe(200);
    const [revoked] = await t.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.documentNo, documentNo as string));
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect((await t.call('GET', url, { token: applicant.token })).status).toBe(404);
  });

  it('shows the rejection remarks', async () => {
    const applicant = await createIndividual(t);
    const referee = await addReferee(t, applicant.token);
    await answer(t, referee.links, 'Reject', { Remarks: 'Not known to me professionally' });
    const report = await t.call('GET', `/api/questions/refereeForm/${referee.entry.EntryNo}`, { token: applicant.token });
    expect(report.status).toBe(200);
    const text = await pdfText(report.body.data);
    expect(text).toContain('Not known to me professionally');
    expect(text).toContain('Rejected');
  });
});
