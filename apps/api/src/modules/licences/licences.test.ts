import { billingAdminMessages, documentMessages, encodeBase64, licenseMessages, messages, reviewMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFor, payApplicationFee } from '../../../test/billing';
import { staffToken } from '../../../test/cpd';
import { createMember, createTestApp, createUser, signIn, type TestApp, uniqueIp } from '../../../test/harness';
import { postMultipart, TINY_PNG } from '../../../test/multipart';
import { pdfText } from '../../../test/pdf-text';
import { addEntry, createFirm, pdf, pdfBytes, sectionSample } from '../../../test/profile';
import { createReviewer, statusUrl } from '../../../test/review';
import {
  approveThrough,
  issuedThroughApi,
  licenceByNo,
  licenceForm,
  licenceReadyMember,
  licenceRow,
  registeredIndividual,
  savedLicenceApplication,
  submittedLicenceApplication,
  thisYear,
  todayNairobi,
  uploadSigned,
  userRow,
} from '../../../test/upgrades';
import { checkLedgerInvariants } from '../billing';
import { licenceSituation } from './common';
import { lapseLicences, sendLicenceReminders } from './lifecycle';
import { licenceProfile } from './profile';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin', 'Grace Registrar');
const approver = await createReviewer(t, 'approver');

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const LICENCE_CODES = ['PROFILE', 'CONTACTS', 'WORK EXPERIENCE', 'LICENSABLE', 'GOOD_STANDING', 'CPD_LAST_YEAR'];

let surnames = 0;
/** A licence-ready PE with a surname of their own. */
const practitioner = (options: Parameters<typeof licenceReadyMember>[2] = {}) =>
  licenceReadyMember(t, 'PROFESSIONAL', { lastName: `Practitioner${++surnames}`, ...options });

const profileOf = async (token: string) => {
  const response = await t.call('GET', '/api/license/profile', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const applicationOf = async (code: string, token: string) => {
  const response = await t.call('GET', `/api/license/${code}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const checklist = async (token: string, category = 'PROFESSIONAL') => {
  const response = await t.call('GET', `/api/license/checklist/${category}`, { token });
  expect(response.status).toBe(200);
  return response.body.data as { code: string; pass: boolean }[];
};
const failing = (items: { code: string; pass: boolean }[]) => items.filter((i) => !i.pass).map((i) => i.code);
const move = (code: string, status: string, extra: Record<string, unknown> = {}, token = admin.token) =>
  t.call('POST', statusUrl(code), { token, body: { status, ...extra } });
const setStatus = (licenseNo: string, body: Record<string, unknown>, token = admin.token) =>
  t.call('POST', `/api/admin/licenses/${licenseNo}/status`, { token, body });
const verify = (documentNo: string) => t.call('GET', `/api/documents/verify/${documentNo}`);
const search = (query: string) => t.call('GET', `/api/profile/search?${query}`, { ip: uniqueIp() });
const searchMember = async (memberNo: string) => {
  const response = await search(`term=${encodeURIComponent(encodeBase64(memberNo))}`);
  expect(response.status).toBe(200);
  return response.body.data.profiles.find((p: { MemberNo: string }) => p.MemberNo === memberNo);
};
const licensedMembers = async () => {
  const response = await search('licensed=true');
  expect(response.status).toBe(200);
  return response.body.data.profiles.map((p: { MemberNo: string }) => p.MemberNo) as string[];
};
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function ledgerOf(profileId: string) {
  return t.db
    .select()
    .from(schema.ledgerEntries)
    .where(eq(schema.ledgerEntries.profileId, profileId))
    .orderBy(asc(schema.ledgerEntries.id));
}

async function licenceApplications(profileId: string) {
  return t.db
    .select()
    .from(schema.applications)
    .where(and(eq(schema.applications.profileId, profileId), eq(schema.applications.kind, 'Licence')));
}

describe('GET /api/license/profile', () => {
  it("prefills an individual's form from their names and personal contact, with the fee and the year", async () => {
    const member = await practitioner({ contact: { PhoneNo: '254722123456', Email: 'Wanjiku.Kamau@Example.COM' } });
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, member.profileId));
    const data = await profileOf(member.token);
    expect(data).toMatchObject({
      memberNo: member.memberNo,
      memberCategory: 'PROFESSIONAL',
      categoryDescription: 'Professional Engineer',
      memberType: 'Individual',
      amount: 11600,
      currency: 'KES',
      year: thisYear,
      type: 'New',
      blockedReason: null,
      openApplicationNo: null,
      current: null,
    });
    expect(data.prefill).toMatchObject({
      practitionerSurname: profile.lastName,
      practitionerOtherNames: [profile.firstName, profile.secondName].filter(Boolean).join(' '),
      // The one stored form (decision 040); the wizard shows it '+254 722 123 456'.
      practitionerPhone: '254722123456',
      practitionerEmail: 'wanjiku.kamau@example.com',
      practitionerAddress: 'P.O. BOX 1-00100',
      postalCode: '00100',
      physicalLocation: 'WESTLANDS',
      countryCode: 'KE',
      county: '047',
      city: 'NRB-NAIROBI',
      startDate: todayNairobi(),
    });
    expect(data.prefill.practiceName).toMatch(/acme builders/i);
  });

  it("prefills a firm's form from its manager, the first director, with the firm's phone and e-mail", async () => {
    const firm = await createFirm(t);
    for (const name of ['Otieno Ouma', 'Achieng Atieno Onyango']) {
      const response = await addEntry(t, firm.token, 'directors', { ...sectionSample('directors'), name });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    const data = await profileOf(firm.token);
    expect(data.memberType).toBe('Corporate');
    expect(data.prefill).toMatchObject({
      practitionerSurname: 'Ouma',
      practitionerOtherNames: 'Otieno',
      practitionerPhone: '254712345678',
      practitionerEmail: firm.user.email.toLowerCase(),
      practiceName: 'ACME CONSULTING ENGINEERS',
      practitionerAddress: 'P.O. BOX 100-00100',
    });
    // Not yet a member.
    expect(data.blockedReason).toBe(licenseMessages.notMember);
  });

  it('leaves out of the prefill what the profile does not hold in the shape the form takes', async () => {
    // No personal contact and no current job yet.
    const bare = await registeredIndividual(t, { category: 'PROFESSIONAL', lastName: 'Bare' });
    const first = await profileOf(bare.token);
    expect(first).toMatchObject({ memberCategory: 'PROFESSIONAL', amount: 11600, blockedReason: null });
    expect(first.prefill).toMatchObject({ practitionerSurname: 'Bare', countryCode: 'KE', startDate: todayNairobi() });
    for (const key of ['practitionerAddress', 'practiceName', 'postalCode', 'physicalLocation'])
      expect(first.prefill).not.toHaveProperty(key);
    // An e-mail without a dot in its domain: the form would refuse it. (A contact's phone is always one the form takes:
    // both keep the one rule, decision 040.)
    const contact = await addEntry(t, bare.token, 'contact', {
      ...sectionSample('contact'),
      PhoneNo: '0722 000 999',
      Email: 'bare@localhost',
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const second = await profileOf(bare.token);
    expect(second.prefill).toMatchObject({
      practitionerAddress: 'P.O. BOX 1-00100',
      postalCode: '00100',
      practitionerPhone: '254722000999',
    });
    expect(second.prefill).not.toHaveProperty('practitionerEmail');
  });

  it('says why a graduate (not licensable) and a non-member cannot apply', async () => {
    const graduate = await registeredIndividual(t, { category: 'GRADUATE' });
    const forGraduate = await profileOf(graduate.token);
    expect(forGraduate).toMatchObject({
      memberCategory: 'GRADUATE',
      amount: null,
      blockedReason: licenseMessages.notLicensable('Graduate Engineer'),
    });
    const stranger = await createUser(t.db);
    const forStranger = await profileOf(await signIn(t, stranger.email));
    expect(forStranger).toMatchObject({ memberNo: null, memberCategory: null, blockedReason: licenseMessages.notMember });
    // Neither can save an application.
    for (const token of [graduate.token, await signIn(t, stranger.email)]) {
      const saved = await t.call('POST', '/api/license', { token, body: licenceForm() });
      expect(saved.status).toBe(409);
    }
    expect(await licenceApplications(graduate.profileId)).toEqual([]);
    expect((await t.call('GET', '/api/license/profile')).status).toBe(401);
  });
});

describe('GET /api/license/checklist/{category}', () => {
  it("passes every item for a ready member, and fails the licensable, good-standing and last year's CPD rules when they fail", async () => {
    const ready = await practitioner();
    const items = await checklist(ready.token);
    expect(items.map((i) => i.code)).toEqual(LICENCE_CODES);
    expect(failing(items)).toEqual([]);

    const graduate = await registeredIndividual(t, { category: 'GRADUATE' });
    expect(failing(await checklist(graduate.token, 'GRADUATE'))).toContain('LICENSABLE');

    const noCpd = await practitioner({ cpdShort: true });
    expect(failing(await checklist(noCpd.token))).toEqual(['CPD_LAST_YEAR']);

    const arrears = await practitioner();
    await invoiceFor(t, arrears.profileId, { purpose: 'subscription', amountCents: 580_000, dueDate: `${thisYear - 1}-03-31` });
    expect(failing(await checklist(arrears.token))).toEqual(['GOOD_STANDING']);
    // The server checks the same list before it saves.
    const refused = await t.call('POST', '/api/license', { token: arrears.token, body: licenceForm() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(licenseMessages.checklistIncomplete);
  });
});

describe('POST /api/license', () => {
  it('answers 400 with the form messages, per field', async () => {
    const member = await practitioner();
    const empty = await t.call('POST', '/api/license', { token: member.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      practitionerSurname: [licenseMessages.required],
      practitionerOtherNames: [licenseMessages.required],
      practiceName: [licenseMessages.required],
      practitionerPhone: [messages.fieldRequired],
      practitionerEmail: [messages.emailRequired],
      declaration: [licenseMessages.declarationRequired],
    });

    const blank = await t.call('POST', '/api/license', {
      token: member.token,
      body: licenceForm({ practitionerSurname: '  ', practitionerEmail: '', practitionerPhone: ' ', startDate: '' }),
    });
    expect(blank.status).toBe(400);
    // An empty field is told once that it is required, not also that it has the wrong shape.
    expect(blank.body.errors).toEqual({
      practitionerSurname: [licenseMessages.required],
      practitionerEmail: [messages.emailRequired],
      practitionerPhone: [messages.fieldRequired],
      startDate: [licenseMessages.required],
    });

    const bad = await t.call('POST', '/api/license', {
      token: member.token,
      body: licenceForm({ practitionerPhone: '07221234', practitionerEmail: 'wanjiku-at-example', declaration: false }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.practitionerPhone).toEqual([licenseMessages.phoneFormat]);
    expect(bad.body.errors.practitionerEmail).toEqual([messages.emailInvalid]);
    expect(bad.body.errors.declaration).toEqual([licenseMessages.declarationRequired]);
    expect(await licenceApplications(member.profileId)).toEqual([]);
  });

  it('saves a draft (New, at the category fee whatever the body says), and saving again updates the same draft', async () => {
    const member = await practitioner();
    const first = await t.call('POST', '/api/license', {
      token: member.token,
      body: licenceForm({ amount: 1, memberCategory: 'GRADUATE' }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(licenseMessages.saved);
    const code = first.body.data.licenseApplicationNo;
    expect(code).toMatch(/^LCA/);
    const draft = await applicationOf(code, member.token);
    expect(draft).toMatchObject({
      licenseApplicationNo: code,
      status: 'New',
      Submitted: false,
      amount: 11600,
      memberCategory: 'PROFESSIONAL',
      year: thisYear,
      type: 'New',
      proFormaRef: null,
      hasSignedDocument: false,
      license: null,
    });
    // Typed '0722 123 456', kept in the one stored form (decision 040).
    expect(draft.details).toMatchObject({ practiceName: 'Kamau & Partners', practitionerPhone: '254722123456' });
    // No invoice before the signed upload.
    expect(await ledgerOf(member.profileId)).toEqual([]);

    const named = await t.call('POST', '/api/license', {
      token: member.token,
      body: licenceForm({ licenseApplicationNo: code, practiceName: 'Kamau Consulting' }),
    });
    expect(named.body.data.licenseApplicationNo).toBe(code);
    const unnamed = await t.call('POST', '/api/license', { token: member.token, body: licenceForm({ city: 'MSA-MOMBASA' }) });
    expect(unnamed.body.data.licenseApplicationNo).toBe(code);
    const rows = await licenceApplications(member.profileId);
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toMatchObject({ city: 'MSA-MOMBASA', type: 'New' });
    // The draft is offered for continuing.
    expect((await profileOf(member.token)).openApplicationNo).toBe(code);
    const listed = await t.call('GET', '/api/license', { token: member.token });
    expect(listed.body.data.map((a: { licenseApplicationNo: string }) => a.licenseApplicationNo)).toEqual([code]);

    // Another member cannot name it.
    const other = await practitioner();
    const foreign = await t.call('POST', '/api/license', { token: other.token, body: licenceForm({ licenseApplicationNo: code }) });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', `/api/license/${code}`, { token: other.token })).status).toBe(404);
  });
});

describe('POST /api/license/update', () => {
  it('takes a PDF of at most 3,145,728 bytes from the owner, submits and invoices the application, once', async () => {
    const member = await practitioner();
    const other = await practitioner();
    const code = await savedLicenceApplication(t, member.token);

    const png = await uploadSigned(t, member.token, code, { filename: 'scan.png', contentType: 'image/png', content: TINY_PNG });
    expect(png.status).toBe(400);
    expect(png.body.errors.licenseBase64).toEqual([licenseMessages.pdfOnly]);
    const disguised = await uploadSigned(t, member.token, code, {
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      content: TINY_PNG,
    });
    expect(disguised.status).toBe(400);

    const large = await uploadSigned(t, member.token, code, pdf('large.pdf', pdfBytes(3_145_729)));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('File too large. max allowed size is 2MB');

    const foreign = await uploadSigned(t, other.token, code);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(licenseMessages.notFound);
    expect((await licenceApplications(member.profileId))[0]).toMatchObject({ status: 'New', submitted: false, signedFileId: null });

    const good = await uploadSigned(t, member.token, code, pdf('signed.pdf', pdfBytes(3_145_728)));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.message).toBe(licenseMessages.uploaded);
    expect(good.body.data).toMatchObject({
      licenseApplicationNo: code,
      status: 'Open',
      Submitted: true,
      hasSignedDocument: true,
      signedFileId: expect.any(String),
      proFormaRef: expect.stringMatching(/^INV\d+$/),
    });
    const invoices = (await ledgerOf(member.profileId)).filter((e) => e.documentType === 'Invoice');
    expect(invoices).toEqual([
      expect.objectContaining({
        documentNo: good.body.data.proFormaRef,
        purpose: 'license',
        amountCents: 1_160_000,
        externalDocumentNo: code,
      }),
    ]);

    const again = await uploadSigned(t, member.token, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(licenseMessages.alreadyUploaded);
    // Submitted: no more saving for this year.
    const save = await t.call('POST', '/api/license', { token: member.token, body: licenceForm() });
    expect(save.status).toBe(409);
    expect(save.body.message).toBe(licenseMessages.alreadyApplied(thisYear));
    expect((await profileOf(member.token)).blockedReason).toBe(licenseMessages.alreadyApplied(thisYear));
    expect((await ledgerOf(member.profileId)).filter((e) => e.documentType === 'Invoice')).toHaveLength(1);
  });

  it('takes one of two uploads made at the same moment, with one invoice', async () => {
    const member = await practitioner();
    const code = await savedLicenceApplication(t, member.token);
    const answers = await Promise.all([uploadSigned(t, member.token, code), uploadSigned(t, member.token, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await ledgerOf(member.profileId)).filter((e) => e.purpose === 'license')).toHaveLength(1);
    const [row] = await licenceApplications(member.profileId);
    const files = await t.db.select().from(schema.files).where(eq(schema.files.profileId, member.profileId));
    // The loser's file is not left behind: the application's scan is the only one of its kind.
    expect(files.filter((f) => f.id === row.signedFileId)).toHaveLength(1);
    expect(files.filter((f) => f.purpose === 'license_signed')).toHaveLength(1);
  });

  it('lets a returned application be changed and signed again, keeping its invoice', async () => {
    const member = await practitioner();
    const code = await submittedLicenceApplication(t, member.token);
    const first = await applicationOf(code, member.token);
    const returned = await t.call('POST', `/api/admin/applications/${code}/return`, {
      token: approver.token,
      body: { comment: 'Stamp the form' },
    });
    expect(returned.status).toBe(200);
    const back = await applicationOf(code, member.token);
    expect(back).toMatchObject({ status: 'Open', Submitted: false, returnedAt: expect.any(String) });
    expect(back.membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['Stamp the form']);
    expect(await profileOf(member.token)).toMatchObject({ blockedReason: null, openApplicationNo: code });

    const saved = await t.call('POST', '/api/license', { token: member.token, body: licenceForm({ practiceName: 'Stamped & Co' }) });
    expect(saved.body.data.licenseApplicationNo).toBe(code);
    const again = await uploadSigned(t, member.token, code, pdf('stamped.pdf'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'Open', Submitted: true, returnedAt: null, proFormaRef: first.proFormaRef });
    expect(again.body.data.signedFileId).not.toBe(first.signedFileId);
    expect(again.body.data.details.practiceName).toBe('Stamped & Co');
    expect((await ledgerOf(member.profileId)).filter((e) => e.purpose === 'license')).toHaveLength(1);
    const kinds = (
      await t.db
        .select()
        .from(schema.applicationEvents)
        .where(eq(schema.applicationEvents.applicationCode, code))
        .orderBy(asc(schema.applicationEvents.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(['submitted', 'returned', 'resubmitted']);
    // The first scan is gone with its file row.
    expect(await t.db.select().from(schema.files).where(eq(schema.files.id, first.signedFileId))).toEqual([]);
  });

  it('takes the signed scan as base64 text in the licenseBase64 field too', async () => {
    const member = await practitioner();
    const code = await savedLicenceApplication(t, member.token);
    const response = await postMultipart(
      t,
      '/api/license/update',
      { licenseApplicationNo: code, licenseBase64: `data:application/pdf;base64,${pdfBytes().toString('base64')}` },
      member.token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'Open', hasSignedDocument: true });
  });

  it('gives the application form and the pro-forma invoice as PDFs to the owner only', async () => {
    const member = await practitioner();
    const other = await practitioner();
    const code = await submittedLicenceApplication(t, member.token);
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, member.profileId));

    const form = await t.call('GET', `/api/license/application/${code}`, { token: member.token });
    expect(form.status).toBe(200);
    const formText = flat(await pdfText(form.body.data));
    expect(formText).toContain(code);
    expect(formText).toContain(profile.lastName);
    expect(formText).toContain('Kamau & Partners');
    expect(formText).toContain(`31 Dec ${thisYear}`);
    // The one display form of dates, money and phones (decision 040).
    expect(formText).toContain('Licence fee: KES 11,600.00');
    expect(formText).toContain('Practitioner Phone: +254 722 123 456');

    const { proFormaRef } = await applicationOf(code, member.token);
    const proforma = await t.call('GET', `/api/license/proforma/${code}`, { token: member.token });
    expect(proforma.status).toBe(200);
    expect(flat(await pdfText(proforma.body.data))).toContain(proFormaRef);

    for (const path of [`/api/license/application/${code}`, `/api/license/proforma/${code}`, `/api/license/certificate/${code}`]) {
      expect((await t.call('GET', path, { token: other.token })).status, path).toBe(404);
    }
    // The licence itself only once approved.
    const certificate = await t.call('GET', `/api/license/certificate/${code}`, { token: member.token });
    expect(certificate.status).toBe(404);
    expect(certificate.body.message).toBe(licenseMessages.notApproved);
  });
});

describe('approval issues the licence', () => {
  it('after payment: PL-<year>-00001 to 31 December, a certificate that verifies, the register shows it; suspend, reinstate, revoke', async () => {
    const member = await practitioner();
    const code = await submittedLicenceApplication(t, member.token);

    const early = await move(code, 'Verified');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(billingAdminMessages.feeNotPaid);
    expect(await t.db.select().from(schema.licenses).where(eq(schema.licenses.applicationCode, code))).toEqual([]);

    const { receiptNo } = await payApplicationFee(t, code);
    expect((await applicationOf(code, member.token)).receiptNo).toBe(receiptNo);
    const licenseNo = `PL-${thisYear}-00001`;
    expect(await approveThrough(t, code, approver.token)).toBe(reviewMessages.licenceReleased(licenseNo));

    const approved = await applicationOf(code, member.token);
    expect(approved.status).toBe('Released');
    expect(approved.license).toEqual({
      licenseNo,
      year: thisYear,
      validFrom: todayNairobi() > `${thisYear}-01-01` ? todayNairobi() : `${thisYear}-01-01`,
      validTo: `${thisYear}-12-31`,
      status: 'Active',
      statusReason: null,
      categoryCode: 'PROFESSIONAL',
      documentNo: null,
    });
    const [event] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'application.status_changed'), eq(schema.auditLog.target, `application:${code}`)))
      .orderBy(asc(schema.auditLog.id))
      .then((rows) => rows.slice(-1));
    expect(event.details).toMatchObject({ kind: 'Licence', to: 'Released', licenseNo });

    // The certificate, and its verification.
    const certificate = await t.call('GET', `/api/license/certificate/${code}`, { token: member.token });
    expect(certificate.status).toBe(200);
    const certificateText = flat(await pdfText(certificate.body.data));
    expect(certificateText).toContain(licenseNo);
    expect(certificateText).toContain(member.memberNo);
    const { documentNo } = (await applicationOf(code, member.token)).license;
    expect(documentNo).toMatch(/^LIC-/);
    expect(certificateText).toContain(documentNo);
    const valid = await verify(documentNo);
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ kind: 'license', valid: true, status: documentMessages.valid, reason: null });
    expect(valid.body.data.statement).toContain(`valid until 31 Dec ${thisYear}`);
    expect(valid.body.data.statement).toContain(licenseNo);

    // The public register.
    expect(await searchMember(member.memberNo)).toMatchObject({ licensed: true, licenseValidTo: `${thisYear}-12-31` });
    expect(await licensedMembers()).toContain(member.memberNo);
    const unlicensed = await practitioner();
    expect(await searchMember(unlicensed.memberNo)).toMatchObject({ licensed: false, licenseValidTo: null });
    expect(await licensedMembers()).not.toContain(unlicensed.memberNo);

    // The register of licences.
    const register = await t.call('GET', `/api/admin/licenses?search=${member.memberNo}`, { token: admin.token });
    expect(register.status).toBe(200);
    expect(register.body.data.items).toEqual([
      expect.objectContaining({ licenseNo, memberNo: member.memberNo, applicationCode: code, status: 'Active', documentNo }),
    ]);

    // Suspended: no longer valid, with the reason; off the licensed register.
    const suspended = await setStatus(licenseNo.toLowerCase(), { status: 'Suspended', reason: 'Complaint under investigation' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.message).toBe(licenseMessages.statusChanged('Suspended'));
    expect(suspended.body.data).toMatchObject({ licenseNo, status: 'Suspended', statusReason: 'Complaint under investigation' });
    const afterSuspension = (await verify(documentNo)).body.data;
    expect(afterSuspension).toMatchObject({ valid: false, status: documentMessages.noLongerValid });
    expect(afterSuspension.reason).toContain('suspended');
    expect(afterSuspension.reason).toContain('Complaint under investigation');
    expect(await searchMember(member.memberNo)).toMatchObject({ licensed: false, licenseValidTo: null });
    expect(await licensedMembers()).not.toContain(member.memberNo);
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'license.status_changed'), eq(schema.auditLog.target, `license:${licenseNo}`)));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        details: { from: 'Active', to: 'Suspended', reason: 'Complaint under investigation' },
      }),
    ]);
    const [notice] = await t.outboxFor(member.user.email);
    expect(notice.subject).toContain(`${licenseNo} has been suspended`);
    expect(notice.body).toContain('Complaint under investigation');

    // Reinstated: valid again.
    const reinstated = await setStatus(licenseNo, { status: 'Active', reason: 'Complaint dismissed' });
    expect(reinstated.status).toBe(200);
    expect((await verify(documentNo)).body.data).toMatchObject({ valid: true, reason: null });
    expect(await searchMember(member.memberNo)).toMatchObject({ licensed: true });
    // Active to Active is no move.
    expect((await setStatus(licenseNo, { status: 'Active', reason: 'Again' })).status).toBe(409);

    // Revoked: final.
    const revoked = await setStatus(licenseNo, { status: 'Revoked', reason: 'Struck off the register' });
    expect(revoked.status).toBe(200);
    const afterRevocation = (await verify(documentNo)).body.data;
    expect(afterRevocation.valid).toBe(false);
    expect(afterRevocation.reason).toContain('revoked');
    const reinstate = await setStatus(licenseNo, { status: 'Active', reason: 'Appeal' });
    expect(reinstate.status).toBe(409);
    expect(reinstate.body.message).toBe(licenseMessages.transitionNotAllowed('Revoked', 'Active'));
    expect((await licenceByNo(t, licenseNo)).status).toBe('Revoked');
    expect(
      await t.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, 'license.status_changed'), eq(schema.auditLog.target, `license:${licenseNo}`))),
    ).toHaveLength(3);
  });

  it('keeps the licence routes of the back office to administrators, with a reason', async () => {
    const member = await practitioner();
    const { licence } = await issuedThroughApi(t, member, admin.token);
    const body = { status: 'Suspended', reason: 'Complaint' };
    for (const token of [member.token, approver.token]) {
      expect((await setStatus(licence.licenseNo, body, token)).status).toBe(403);
      expect((await t.call('GET', '/api/admin/licenses', { token })).status).toBe(403);
    }
    expect((await setStatus(licence.licenseNo, body, '')).status).toBe(401);
    for (const reason of [undefined, '', '   ']) {
      const response = await setStatus(licence.licenseNo, { status: 'Suspended', reason });
      expect(response.status).toBe(400);
      expect(response.body.errors.reason).toEqual([licenseMessages.reasonRequired]);
    }
    expect((await setStatus(licence.licenseNo, { status: 'Lapsed', reason: 'x' })).status).toBe(400);
    expect((await setStatus('PL-1999-00009', body)).status).toBe(404);
    expect((await licenceByNo(t, licence.licenseNo)).status).toBe('Active');
    expect(
      await t.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.target, `license:${licence.licenseNo}`)),
    ).toEqual([]);
  });

  it('changes a licence once when two administrators suspend it at the same moment', async () => {
    const member = await practitioner();
    const { licence } = await issuedThroughApi(t, member, admin.token);
    const other = await createReviewer(t, 'admin');
    const answers = await Promise.all([
      setStatus(licence.licenseNo, { status: 'Suspended', reason: 'First' }),
      setStatus(licence.licenseNo, { status: 'Suspended', reason: 'Second' }, other.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      await t.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, 'license.status_changed'), eq(schema.auditLog.target, `license:${licence.licenseNo}`))),
    ).toHaveLength(1);
  });

  it('waives the fee of a rejected, unpaid application; the member may apply for the year again', async () => {
    const member = await practitioner();
    const code = await submittedLicenceApplication(t, member.token);
    const { proFormaRef } = await applicationOf(code, member.token);
    const rejected = await move(code, 'Rejected', { comment: 'The signed form is illegible' });
    expect(rejected.status).toBe(200);
    const entries = await ledgerOf(member.profileId);
    expect(entries.find((e) => e.documentNo === proFormaRef)).toMatchObject({ amountCents: 1_160_000, remainingCents: 0 });
    expect(entries.find((e) => e.documentType === 'Credit Memo')).toMatchObject({
      amountCents: -1_160_000,
      externalDocumentNo: proFormaRef,
    });
    expect((await profileOf(member.token)).blockedReason).toBeNull();
    const next = await savedLicenceApplication(t, member.token);
    expect(next).not.toBe(code);
  });
});

describe('renewal', () => {
  it('blocks a holder until 1 November, then applies for next year as a Renewal prefilled from this year', async () => {
    const member = await practitioner();
    const { licence } = await issuedThroughApi(t, member, admin.token, { practiceName: 'Renewal & Sons', physicalLocation: 'Kilimani' });
    expect(licence.year).toBe(thisYear);
    const user = await userRow(t, member.user.id);

    const june = await licenceProfile(t.db, user, new Date(`${thisYear}-06-15T09:00:00Z`));
    expect(june).toMatchObject({ year: thisYear, blockedReason: licenseMessages.alreadyHeld(thisYear) });
    expect(june.current?.licenseNo).toBe(licence.licenseNo);
    // 23:00 on 31 October in Nairobi: still closed; midnight: open.
    const lastOctober = await licenceSituation(t.db, member.profileId, new Date(`${thisYear}-10-31T20:00:00Z`));
    expect(lastOctober).toMatchObject({ year: thisYear, blockedReason: licenseMessages.alreadyHeld(thisYear) });
    const november = await licenceSituation(t.db, member.profileId, new Date(`${thisYear}-10-31T21:00:00Z`));
    expect(november).toMatchObject({ year: thisYear + 1, type: 'Renewal', blockedReason: null, existing: null });
    expect(november.previous?.licenseNo).toBe(licence.licenseNo);

    const renewal = await licenceProfile(t.db, user, new Date(`${thisYear}-11-01T06:00:00Z`));
    expect(renewal).toMatchObject({ year: thisYear + 1, type: 'Renewal', blockedReason: null, amount: 11600 });
    expect(renewal.prefill).toMatchObject({
      practiceName: 'Renewal & Sons',
      physicalLocation: 'Kilimani',
      practitionerPhone: '254722123456',
      startDate: `${thisYear + 1}-01-01`,
    });

    // Today, through the route: which of the two depends on the date.
    const today = await profileOf(member.token);
    if (todayNairobi().slice(5) >= '11-01') {
      expect(today).toMatchObject({ year: thisYear + 1, type: 'Renewal', blockedReason: null });
      expect(today.prefill.practiceName).toBe('Renewal & Sons');
    } else {
      expect(today).toMatchObject({ year: thisYear, blockedReason: licenseMessages.alreadyHeld(thisYear) });
    }
  });
});

/** The lapse and reminder jobs act on every licence: they run on a register of their own. */
describe('the licence jobs', () => {
  async function holder(local: TestApp, status: 'Active' | 'Suspended' = 'Active', year = thisYear) {
    const { profile, user } = await createMember(local.db, { withUser: true });
    if (!user) throw new Error('member without a user');
    const member = { profileId: profile.profileId, memberNo: profile.memberNo ?? '', user };
    return { ...member, licence: await licenceRow(local, member, { year, status }) };
  }

  it("lapses last year's Active licences once the year is over, once; Suspended stays Suspended", async () => {
    const local = await createTestApp();
    const ctx = { db: local.db, config: local.config };
    const active = await holder(local);
    const suspended = await holder(local, 'Suspended');
    const nextYear = await holder(local, 'Active', thisYear + 1);

    // 23:00 on 31 December in Nairobi: the year is not over.
    expect(await lapseLicences(ctx, new Date(`${thisYear}-12-31T20:00:00Z`))).toBe(0);
    expect((await licenceByNo(local, active.licence.licenseNo)).status).toBe('Active');

    expect(await lapseLicences(ctx, new Date(`${thisYear + 1}-01-02T08:00:00Z`))).toBe(1);
    const lapsed = await licenceByNo(local, active.licence.licenseNo);
    expect(lapsed).toMatchObject({ status: 'Lapsed', statusReason: 'Not renewed' });
    expect((await licenceByNo(local, suspended.licence.licenseNo)).status).toBe('Suspended');
    expect((await licenceByNo(local, nextYear.licence.licenseNo)).status).toBe('Active');
    const audits = await local.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'license.lapsed'));
    expect(audits).toEqual([expect.objectContaining({ target: `license:${active.licence.licenseNo}` })]);

    expect(await lapseLicences(ctx, new Date(`${thisYear + 1}-01-02T08:00:00Z`))).toBe(0);
    expect(await lapseLicences(ctx, new Date(`${thisYear + 1}-01-03T08:00:00Z`))).toBe(0);
    expect(await licenceByNo(local, active.licence.licenseNo)).toEqual(lapsed);
    expect(await local.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'license.lapsed'))).toHaveLength(1);

    // Lapsed is final for an administrator too.
    const adminToken = await staffToken(local, 'admin');
    const reinstate = await local.call('POST', `/api/admin/licenses/${active.licence.licenseNo}/status`, {
      token: adminToken,
      body: { status: 'Active', reason: 'Paid late' },
    });
    expect(reinstate.status).toBe(409);
  });

  it('reminds holders from 1 November at the address on record, once, and not those who applied for next year', async () => {
    const local = await createTestApp();
    const ctx = { db: local.db, config: local.config };
    const due = await holder(local);
    // The profile's own address is not the account's: the account's is the one on record.
    await local.db.update(schema.profiles).set({ email: 'old-address@example.com' }).where(eq(schema.profiles.profileId, due.profileId));
    const applied = await holder(local);
    await local.db.insert(schema.applications).values({
      code: `LCARENEW${Date.now().toString(36).toUpperCase()}`,
      kind: 'Licence',
      userId: applied.user.id,
      profileId: applied.profileId,
      appliedCategory: 'PROFESSIONAL',
      amount: '11600.00',
      status: 'Open',
      submitted: true,
      submittedAt: new Date(),
      licenseYear: thisYear + 1,
      details: { type: 'Renewal' },
      assignedMemberNo: applied.memberNo,
    });
    const suspended = await holder(local, 'Suspended');
    const emails = async (to: string) => (await local.outboxFor(to)).filter((m) => m.channel === 'email');

    expect(await sendLicenceReminders(ctx, new Date(`${thisYear}-10-31T09:00:00Z`))).toBe(0);
    expect(await emails(due.user.email)).toEqual([]);

    expect(await sendLicenceReminders(ctx, new Date(`${thisYear}-11-02T07:00:00Z`))).toBe(1);
    const [reminder, ...more] = await emails(due.user.email);
    expect(more).toEqual([]);
    expect(reminder.subject).toContain(`renew your practising licence for ${thisYear + 1}`);
    expect(reminder.body).toContain(due.licence.licenseNo);
    expect(reminder.body).toContain(`31 Dec ${thisYear}`);
    expect(await emails('old-address@example.com')).toEqual([]);
    expect(await emails(applied.user.email)).toEqual([]);
    expect(await emails(suspended.user.email)).toEqual([]);

    // The same day again: nothing more.
    expect(await sendLicenceReminders(ctx, new Date(`${thisYear}-11-02T15:00:00Z`))).toBe(0);
    expect(await emails(due.user.email)).toHaveLength(1);
    const [claim] = await local.db.select().from(schema.licenseReminders).where(eq(schema.licenseReminders.profileId, due.profileId));
    expect(claim).toMatchObject({ year: thisYear, sent: 1 });
  });
});
