import { licenseMessages, reviewMessages } from '@portal/contract';
import { type Db, nextNumber, schema } from '@portal/db';
import { nairobiDate } from '../../shared/dates';
import { conflict } from '../../shared/errors';
import type { ApplicationRow } from './common';

const { licenses } = schema;

/**
 * Approval of a licence application, in the status change's transaction: the licence for the year applied for,
 * numbered PL-<year>-<n>, valid from today (or 1 January of that year, if later) to 31 December. Returns its number.
 */
export async function issueLicence(tx: Db, row: ApplicationRow, at: Date): Promise<string> {
  if (!row.profileId) throw conflict(reviewMessages.noProfile);
  const year = row.licenseYear;
  const today = nairobiDate(at);
  if (!year || `${year}-12-31` < today) throw conflict(licenseMessages.yearOver(year ?? 0));
  const licenseNo = await nextNumber(tx, `licence:${year}`, `PL-${year}-`, 5);
  const firstDay = `${year}-01-01`;
  await tx.insert(licenses).values({
    licenseNo,
    profileId: row.profileId,
    memberNo: row.assignedMemberNo,
    applicationCode: row.code,
    categoryCode: row.appliedCategory,
    year,
    validFrom: today > firstDay ? today : firstDay,
    validTo: `${year}-12-31`,
    status: 'Active',
    createdAt: at,
    updatedAt: at,
  });
  return licenseNo;
}
