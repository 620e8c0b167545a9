import { type LicenseApplication, licenseMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { commentsForApplicant, ownedBy } from '../applications/list';
import { type ApplicationRow, licenceDocumentNos, licenceDto } from './common';

const { applications, licenses } = schema;

/** The licence applications in the list's shape; comments hidden from the applicant never leave. */
export async function licenceApplicationDtos(db: Db, rows: ApplicationRow[]): Promise<LicenseApplication[]> {
  const codes = rows.map((r) => r.code);
  const [comments, issued, documentNos] = await Promise.all([
    commentsForApplicant(db, codes),
    codes.length ? db.select().from(licenses).where(inArray(licenses.applicationCode, codes)) : Promise.resolve([]),
    licenceDocumentNos(db, codes),
  ]);
  return rows.map((app) => {
    const licence = issued.find((l) => l.applicationCode === app.code);
    const details = app.details ?? {};
    return {
      licenseApplicationNo: app.code,
      description: typeof details.description === 'string' ? details.description : `Practising licence ${app.licenseYear ?? ''}`.trim(),
      profileID: app.profileId,
      applicationDate: app.applicationDateTime.toISOString(),
      amount: Number(app.amount),
      memberCategory: app.appliedCategory,
      year: app.licenseYear ?? 0,
      type: details.type === 'Renewal' ? 'Renewal' : 'New',
      status: app.status,
      Submitted: app.submitted,
      returnedAt: app.returnedAt?.toISOString() ?? null,
      details: Object.fromEntries(Object.entries(details).filter(([k, v]) => typeof v === 'string' && k !== 'description' && k !== 'type')),
      proFormaRef: app.invoiceNo,
      receiptNo: app.postedReceiptNo,
      hasSignedDocument: app.signedFileId !== null,
      signedFileId: app.signedFileId,
      membershipComments: comments.get(app.code) ?? [],
      license: licence ? licenceDto(licence, documentNos.get(app.code) ?? null) : null,
    };
  });
}

/** GET /api/license: the caller's licence applications, newest first. */
export async function listLicenceApplications(db: Db, user: UserRow): Promise<LicenseApplication[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.kind, 'Licence'), ownedBy(user)))
    .orderBy(desc(applications.applicationDateTime), desc(applications.code));
  return licenceApplicationDtos(db, rows);
}

/** The caller's licence application row by number (404 for anyone else's). */
export async function ownLicenceApplicationRow(db: Db, user: UserRow, code: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.kind, 'Licence'), eq(applications.code, code.trim().toUpperCase()), ownedBy(user)));
  if (!row) throw notFound(licenseMessages.notFound);
  return row;
}

/** GET /api/license/{id}: one of the caller's licence applications. */
export async function ownLicenceApplication(db: Db, user: UserRow, code: string): Promise<LicenseApplication> {
  const [dto] = await licenceApplicationDtos(db, [await ownLicenceApplicationRow(db, user, code)]);
  return dto;
}
