import { documentMessages, encodeBase64 } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApplicant, createApplication } from '../../../test/applications';
import { rejectApplication, releaseApplication, submitApplication } from '../../../test/documents';
import { createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';
import { pdfPageCount, pdfText } from '../../../test/pdf-text';
import { addEntry, bioFields, createFirm, firmFields, pdf, sectionSample } from '../../../test/profile';

const t = await createTestApp();
const ROUTES = ['document', 'certificate', 'rejectionLetter', 'acceptanceLetter'] as const;
const DOCUMENT_NO = /\b([A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/;

async function fetchDocument(route: (typeof ROUTES)[number], code: string, token?: string) {
  return t.call('GET', `/api/application/${route}/${code}`, { token });
}

function documentNoIn(text: string): string {
  const match = text.match(DOCUMENT_NO);
  if (!match) throw new Error(`no document number in: ${text}`);
  return match[1];
}

async function documentsOf(code: string) {
  return t.db.select().from(schema.documents).where(eq(schema.documents.applicationCode, code));
}

const admin = await createUser(t.db, { isAdmin: true });
const adminToken = await signIn(t, admin.email);
const approver = await createUser(t.db, { isApprover: true });
const approverToken = await signIn(t, approver.email);
const stranger = await createUser(t.db);
const strangerToken = await signIn(t, stranger.email);

describe('GET /api/application/{document|certificate|rejectionLetter|acceptanceLetter}/{code}', () => {
  it('refuses visitors with 401 on every route', async () => {
    const { application } = await createApplicant(t, { submitted: true, status: 'Open' });
    for (const route of ROUTES) {
      const response = await fetchDocument(route, application.code);
      expect(response.status, route).toBe(401);
    }
  });

  it('gives the application document once submitted, not before', async () => {
    const applicant = await createApplicant(t);
    const before = await fetchDocument('document', applicant.application.code, applicant.token);
    expect(before.status).toBe(404);
    expect(before.body.message).toBe(documentMessages.documentNotSubmitted);

    await submitApplication(t, applicant.application.code);
    const after = await fetchDocument('document', applicant.application.code, applicant.token);
    expect(after.status).toBe(200);
    const text = await pdfText(after.body.data);
    expect(text).toContain('APPLICATION DOCUMENT');
    expect(text).toContain(applicant.application.code);
    // The applicant's own details: names, ID number, date of birth, discipline described.
    expect(text).toContain('Wanjiku NJERI Kamau');
    expect(text).toContain(bioFields().IdentificationDocumentNo);
    expect(text).toContain('4 May 1990');
    expect(text).toContain('Civil Engineering');
    expect(text).toContain('Graduate Engineer');
    expect(text).toContain('Work Experience');
    // Setup codes as their descriptions: the nationality and county, and a qualification's award.
    expect(text).toContain('Kenya');
    expect(text).toContain('Nairobi City');
    const award = await addEntry(t, applicant.token, 'certification', { ...sectionSample('certification'), File: pdf('degree.pdf') });
    expect(award.status).toBe(200);
    const again = await pdfText((await fetchDocument('document', applicant.application.code, applicant.token)).body.data);
    expect(again).toContain('Bachelor of Engineering');
    expect(again).not.toContain('BENG');
    const [row] = await documentsOf(applicant.application.code);
    expect(row.kind).toBe('application');
    expect(text).toContain(row.documentNo);
    expect(text).toContain(`http://portal.test/search/verify/${row.documentNo}`);
  });

  it('gives the document of an accepted application recorded without a submission time, as the File button offers it', async () => {
    // As the demo seed and older records have it: submitted and Released, but no submitted_at (issue 16).
    const applicant = await createApplicant(t, { submitted: true, status: 'Released' });
    await t.db.update(schema.applications).set({ submittedAt: null }).where(eq(schema.applications.code, applicant.application.code));
    const response = await fetchDocument('document', applicant.application.code, applicant.token);
    expect(response.status).toBe(200);
    expect(await pdfText(response.body.data)).toContain(applicant.application.code);
  });

  it("prints a firm's application with its details and firm sections", async () => {
    const firm = await createFirm(t);
    const application = await createApplication(t, firm.user.id, {
      category: 'CORPORATE',
      profileId: firm.profileId,
      submitted: true,
      status: 'Open',
    });
    const response = await fetchDocument('document', application.code, firm.token);
    expect(response.status).toBe(200);
    const text = await pdfText(response.body.data);
    expect(text).toContain(firmFields().FirstName.toUpperCase());
    expect(text).toContain(firmFields().streetName.toUpperCase());
    expect(text).toContain('Directors');
    expect(text).toContain('Banker Details');
    expect(text).not.toContain('Work Experience');
  });

  it('hides every document of an application from another member (404, whatever its state)', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    await releaseApplication(t, applicant.application.code);
    for (const route of ['document', 'certificate', 'acceptanceLetter'] as const) {
      const response = await fetchDocument(route, applicant.application.code, strangerToken);
      expect(response.status, route).toBe(404);
      expect(response.body.message).toBe(documentMessages.applicationNotFound);
    }
    // An unknown code reads the same.
    const unknown = await fetchDocument('certificate', 'APP999999', strangerToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(documentMessages.applicationNotFound);
    expect(await documentsOf(applicant.application.code)).toHaveLength(0);
  });

  it('lets admins and approvers read any application document', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    for (const token of [adminToken, approverToken]) {
      const response = await fetchDocument('document', applicant.application.code, token);
      expect(response.status).toBe(200);
      expect(await pdfText(response.body.data)).toContain(applicant.application.code);
    }
  });

  it('accepts the code base64-encoded, as the web route carries it', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const response = await fetchDocument('document', encodeURIComponent(encodeBase64(applicant.application.code)), applicant.token);
    expect(response.status).toBe(200);
    expect(await pdfText(response.body.data)).toContain(applicant.application.code);
  });

  it('gives the certificate and acceptance letter only once released, with names, member number and document number', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const code = applicant.application.code;
    for (const status of ['Open', 'Verified', 'Committee Review', 'Board Review', 'Rejected']) {
      await t.db.update(schema.applications).set({ status }).where(eq(schema.applications.code, code));
      const certificate = await fetchDocument('certificate', code, applicant.token);
      expect(certificate.status, status).toBe(404);
      expect(certificate.body.message).toBe(documentMessages.certificateNotReleased);
      const letter = await fetchDocument('acceptanceLetter', code, applicant.token);
      expect(letter.status, status).toBe(404);
      expect(letter.body.message).toBe(documentMessages.acceptanceNotReleased);
    }

    const { memberNo } = await releaseApplication(t, code);
    const certificate = await fetchDocument('certificate', code, applicant.token);
    expect(certificate.status).toBe(200);
    const text = await pdfText(certificate.body.data);
    expect(text).toContain('CERTIFICATE OF MEMBERSHIP');
    expect(text).toContain('WANJIKU NJERI KAMAU');
    expect(text).toContain(`Member No. ${memberNo}`);
    expect(text).toContain('Graduate Engineer');
    expect(text).toContain('Engineers Registration Board'.toUpperCase());
    expect(text).toContain('5 Mar 2026');
    const documentNo = documentNoIn(text);
    expect(documentNo).toMatch(/^CRT-/);
    expect(text).toContain(`http://portal.test/search/verify/${documentNo}`);
    // No private data on a certificate.
    expect(text).not.toContain(bioFields().IdentificationDocumentNo);
    expect(text).not.toContain('1990');
    expect(await pdfPageCount(certificate.body.data)).toBe(1);

    const letter = await fetchDocument('acceptanceLetter', code, applicant.token);
    expect(letter.status).toBe(200);
    const letterText = await pdfText(letter.body.data);
    expect(letterText).toContain('Dear Wanjiku NJERI Kamau');
    expect(letterText).toContain(memberNo);
    expect(letterText).toContain('ACCEPTANCE LETTER');
    expect(documentNoIn(letterText)).toMatch(/^ACL-/);

    // Released: no rejection letter.
    const rejection = await fetchDocument('rejectionLetter', code, applicant.token);
    expect(rejection.status).toBe(404);
    expect(rejection.body.message).toBe(documentMessages.rejectionNotRejected);
  });

  it('titles the acceptance letter with the caption from the settings', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    await releaseApplication(t, applicant.application.code);
    const [settings] = await t.db.select().from(schema.settings);
    const minor = JSON.parse(settings.minorSettings);
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ ...minor, acceptance_letter_caption: 'Letter of Admission' }), updatedAt: new Date() })
      .where(eq(schema.settings.id, settings.id));
    try {
      const letter = await fetchDocument('acceptanceLetter', applicant.application.code, applicant.token);
      expect(await pdfText(letter.body.data)).toContain('LETTER OF ADMISSION');
    } finally {
      await t.db
        .update(schema.settings)
        .set({ minorSettings: settings.minorSettings, updatedAt: new Date() })
        .where(eq(schema.settings.id, settings.id));
    }
  });

  it('gives the rejection letter only when rejected, with the visible reasons and never the hidden ones', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const code = applicant.application.code;
    const early = await fetchDocument('rejectionLetter', code, applicant.token);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe(documentMessages.rejectionNotRejected);

    await rejectApplication(t, code, [
      { comment: 'Work experience is below the required three years.' },
      { comment: 'Internal note: referee unreachable', hidden: true },
    ]);
    const letter = await fetchDocument('rejectionLetter', code, applicant.token);
    expect(letter.status).toBe(200);
    const text = await pdfText(letter.body.data);
    expect(text).toContain('Dear Wanjiku NJERI Kamau');
    expect(text).toContain('Work experience is below the required three years.');
    expect(text).not.toContain('Internal note');
    expect(documentNoIn(text)).toMatch(/^RJL-/);
    expect((await fetchDocument('certificate', code, applicant.token)).status).toBe(404);
  });

  it('keeps one stable document number across fetches and viewers', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const code = applicant.application.code;
    await releaseApplication(t, code);
    const first = documentNoIn(await pdfText((await fetchDocument('certificate', code, applicant.token)).body.data));
    const second = documentNoIn(await pdfText((await fetchDocument('certificate', code, applicant.token)).body.data));
    const byAdmin = documentNoIn(await pdfText((await fetchDocument('certificate', code, adminToken)).body.data));
    expect(second).toBe(first);
    expect(byAdmin).toBe(first);
    const rows = await documentsOf(code);
    expect(rows.filter((r) => r.kind === 'certificate')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ documentNo: first, profileId: applicant.profileId, holderName: 'Wanjiku NJERI Kamau' });
  });

  it('renders from current data: a corrected name shows on the next fetch under the same number', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const code = applicant.application.code;
    await releaseApplication(t, code);
    const before = await pdfText((await fetchDocument('certificate', code, applicant.token)).body.data);
    await t.db.update(schema.profiles).set({ lastName: 'Kamau-Otieno' }).where(eq(schema.profiles.profileId, applicant.profileId));
    const after = await pdfText((await fetchDocument('certificate', code, applicant.token)).body.data);
    expect(after).toContain('WANJIKU NJERI KAMAU-OTIENO');
    expect(documentNoIn(after)).toBe(documentNoIn(before));
    const [row] = await documentsOf(code);
    expect(row.holderName).toBe('Wanjiku NJERI Kamau-Otieno');
  });
});

describe('GET /api/documents/verify/{documentNo}', () => {
  async function releasedCertificate() {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const { memberNo } = await releaseApplication(t, applicant.application.code);
    const response = await fetchDocument('certificate', applicant.application.code, applicant.token);
    return { applicant, memberNo, documentNo: documentNoIn(await pdfText(response.body.data)) };
  }
  const verify = (documentNo: string, ip = uniqueIp()) => t.call('GET', `/api/documents/verify/${documentNo}`, { ip });

  it('says whose a valid certificate is and what it certifies, to anyone', async () => {
    const { documentNo, memberNo } = await releasedCertificate();
    const response = await verify(documentNo);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      documentNo,
      kind: 'certificate',
      title: 'Membership Certificate',
      holderName: 'Wanjiku NJERI Kamau',
      memberNo,
      category: 'Graduate Engineer',
      valid: true,
      status: documentMessages.valid,
      reason: null,
      organisation: 'Engineers Registration Board',
    });
    expect(response.body.data.statement).toBe(
      `Wanjiku NJERI Kamau is registered with Engineers Registration Board as a Graduate Engineer, member number ${memberNo}.`,
    );
    expect(Date.parse(response.body.data.issuedAt)).not.toBeNaN();
    // Lower case and spaces around it are forgiven.
    expect((await verify(` ${documentNo.toLowerCase()} `.replace(/ /g, '%20'))).status).toBe(200);
  });

  it('never returns contact details, ID number or date of birth', async () => {
    const { documentNo, applicant } = await releasedCertificate();
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, applicant.profileId));
    const body = JSON.stringify((await verify(documentNo)).body);
    for (const secret of [
      applicant.user.email,
      applicant.user.phoneNo,
      profile.email,
      profile.phoneNo,
      profile.identificationDocumentNo,
      '1990-05-04',
      '1990',
    ]) {
      if (secret) expect(body).not.toContain(secret);
    }
    expect(Object.keys(JSON.parse(body).data).sort()).toEqual(
      [
        'category',
        'documentNo',
        'holderName',
        'issuedAt',
        'kind',
        'memberNo',
        'organisation',
        'reason',
        'statement',
        'status',
        'title',
        'valid',
      ].sort(),
    );
  });

  it('calls a certificate no longer valid once the membership is not Active or the application not Released', async () => {
    const lapsed = await releasedCertificate();
    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.memberNo, lapsed.memberNo));
    const response = await verify(lapsed.documentNo);
    expect(response.body.data).toMatchObject({ valid: false, status: documentMessages.noLongerValid });
    expect(response.body.data.reason).toContain('Suspended');

    const reopened = await releasedCertificate();
    await t.db
      .update(schema.applications)
      .set({ status: 'Board Review' })
      .where(eq(schema.applications.code, reopened.applicant.application.code));
    expect((await verify(reopened.documentNo)).body.data).toMatchObject({ valid: false, status: documentMessages.noLongerValid });
  });

  it('calls a revoked document revoked', async () => {
    const { documentNo } = await releasedCertificate();
    await t.db
      .update(schema.documents)
      .set({ revokedAt: new Date(), revokedReason: 'Issued in error.' })
      .where(eq(schema.documents.documentNo, documentNo));
    const response = await verify(documentNo);
    expect(response.body.data).toMatchObject({ valid: false, status: documentMessages.revoked, reason: 'Issued in error.' });
  });

  it('verifies rejection letters and application documents', async () => {
    const applicant = await createApplicant(t, { submitted: true, status: 'Open' });
    const code = applicant.application.code;
    const applicationNo = documentNoIn(await pdfText((await fetchDocument('document', code, applicant.token)).body.data));
    await rejectApplication(t, code, [{ comment: 'Incomplete.' }]);
    const letterNo = documentNoIn(await pdfText((await fetchDocument('rejectionLetter', code, applicant.token)).body.data));

    const application = (await verify(applicationNo)).body.data;
    expect(application).toMatchObject({ kind: 'application', valid: true, memberNo: null, title: 'Application Document' });
    expect(application.statement).toContain(`application ${code}`);
    const letter = (await verify(letterNo)).body.data;
    expect(letter).toMatchObject({ kind: 'rejection_letter', valid: true, memberNo: null });
    expect(letter.statement).toContain('was not approved');

    await t.db.update(schema.applications).set({ status: 'Open' }).where(eq(schema.applications.code, code));
    expect((await verify(letterNo)).body.data).toMatchObject({ valid: false, status: documentMessages.noLongerValid });
  });

  it('answers 404 for a number never issued, and for anything not shaped like one', async () => {
    for (const number of ['CRT-0000-0000-0000-0000', 'nonsense', 'APP000001', `${'A'.repeat(60)}`]) {
      const response = await verify(number);
      expect(response.status, number).toBe(404);
      expect(response.body.message).toBe(documentMessages.documentNotFound);
    }
  });

  it('limits lookups per address', async () => {
    const ip = uniqueIp();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await verify('CRT-0000-0000-0000-0000', ip)).status;
    expect(last).toBe(429);
    // Another address is unaffected.
    expect((await verify('CRT-0000-0000-0000-0000')).status).toBe(404);
  });
});
