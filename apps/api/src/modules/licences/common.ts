import { LICENSE_RENEWAL_OPENS, type License, type LicenseStatus, licenseMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import { currentMembership, licenceCharge } from '../../shared/membership';

const { applications, documents, licenses } = schema;
export type LicenceRow = typeof licenses.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

export function licenceDto(row: LicenceRow, documentNo: string | null = null): License {
  return {
    licenseNo: row.licenseNo,
    year: row.year,
    validFrom: row.validFrom,
    validTo: row.validTo,
    status: row.status as LicenseStatus,
    statusReason: row.statusReason,
    categoryCode: row.categoryCode,
    documentNo,
  };
}

/** The licence certificates' verification numbers, by application code. */
export async function licenceDocumentNos(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: documents.applicationCode, no: documents.documentNo })
    .from(documents)
    .where(and(eq(documents.kind, 'license'), inArray(documents.applicationCode, codes)));
  return new Map(rows.flatMap((r) => (r.code ? [[r.code, r.no] as const] : [])));
}

/** From 1 November, this year's holders apply for next year (renewal). */
export function renewalOpen(day: string): boolean {
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  return month > LICENSE_RENEWAL_OPENS.month || (month === LICENSE_RENEWAL_OPENS.month && date >= LICENSE_RENEWAL_OPENS.day);
}

export interface LicenceSituation {
  membership: Awaited<ReturnType<typeof currentMembership>>;
  charge: { amount: string; currency: string } | null;
  /** This year's licence (Active or Suspended), if any. */
  current: LicenceRow | null;
  /** The latest licence held before the year applied for (a renewal prefills from its application). */
  previous: LicenceRow | null;
  year: number;
  type: 'New' | 'Renewal';
  /** The application for that year that is not rejected, if any. */
  existing: ApplicationRow | null;
  blockedReason: string | null;
}

/**
 * Where a member stands for a licence today: which year an application is for (this year; from 1 November next
 * year for this year's holders), what it costs, and why they cannot apply now, if they cannot.
 */
export async function licenceSituation(db: Db, profileId: string | null, at = new Date()): Promise<LicenceSituation> {
  const day = nairobiDate(at);
  const thisYear = Number(day.slice(0, 4));
  const membership = await currentMembership(db, profileId);
  const active = membership?.status === 'Active';
  const [charge, held] = await Promise.all([
    membership ? licenceCharge(db, membership.categoryCode) : Promise.resolve(null),
    profileId
      ? db
          .select()
          .from(licenses)
          .where(and(eq(licenses.profileId, profileId), lte(licenses.year, thisYear)))
          .orderBy(desc(licenses.year))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const latest = held[0] ?? null;
  const current = latest && latest.year === thisYear && (latest.status === 'Active' || latest.status === 'Suspended') ? latest : null;
  const renewal = current !== null && renewalOpen(day);
  const year = renewal ? thisYear + 1 : thisYear;
  const [existing] = profileId
    ? await db
        .select()
        .from(applications)
        .where(and(eq(applications.profileId, profileId), eq(applications.kind, 'Licence'), eq(applications.licenseYear, year)))
        .orderBy(desc(applications.applicationDateTime))
        .limit(1)
    : [];
  const live = existing && existing.status !== 'Rejected' ? existing : null;
  let blockedReason: string | null = null;
  if (!membership || !active || !profileId) blockedReason = licenseMessages.notMember;
  else if (!charge) blockedReason = licenseMessages.notLicensable(membership.categoryDescription);
  else if (current && !renewal) blockedReason = licenseMessages.alreadyHeld(thisYear);
  else if (live && (live.submitted || live.status !== 'New')) {
    const returned = !live.submitted && live.returnedAt !== null;
    if (!returned) blockedReason = licenseMessages.alreadyApplied(year);
  }
  const previous = latest && latest.year < year && latest.status !== 'Revoked' ? latest : null;
  return {
    membership,
    charge,
    current,
    previous,
    year,
    type: previous && previous.year === year - 1 ? 'Renewal' : 'New',
    existing: live,
    blockedReason,
  };
}

/** An application the member may still change: a draft, or one returned by a reviewer. */
export const isEditable = (app: ApplicationRow) => !app.submitted && (app.status === 'New' || app.returnedAt !== null);
