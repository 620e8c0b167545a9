import { type LicenseDetails, licenseMessages } from '@portal/contract';
import { type Db, nextNumber, schema, sqlState } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { conflict } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { buildChecklist, loadChecklistFacts } from '../profile/checklist';
import { isEditable, licenceSituation } from './common';
import { ownLicenceApplicationRow } from './list';

const { applications, profiles } = schema;

/** Every License requirement of the member's category passes (the server's own computation). */
export async function assertLicenceChecklist(ctx: AppContext, profileId: string, category: string): Promise<void> {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.profileId, profileId));
  const items = await buildChecklist(ctx.db, await loadChecklistFacts(ctx, profile ?? null), category, 'License');
  if (!items.every((i) => i.pass)) throw conflict(licenseMessages.checklistIncomplete);
}

/**
 * POST /api/license: saves the wizard's application as a draft for the year the member may apply for, and answers
 * its number. An existing draft (named, or the year's open one) is updated; the fee comes from the category's
 * LICENSE charge, never from the browser. Submission happens with the signed upload (license/update).
 */
export async function saveLicenceApplication(
  ctx: AppContext,
  user: UserRow,
  details: LicenseDetails,
  applicationNo: string | undefined,
): Promise<string> {
  const situation = await licenceSituation(ctx.db, user.profileId);
  if (situation.blockedReason || !situation.membership || !situation.charge || !user.profileId) {
    throw conflict(situation.blockedReason ?? licenseMessages.notMember);
  }
  const profileId = user.profileId;
  await assertLicenceChecklist(ctx, profileId, situation.membership.categoryCode);
  const named = applicationNo ? await ownLicenceApplicationRow(ctx.db, user, applicationNo) : null;
  const draft = named ?? situation.existing;
  if (draft && !isEditable(draft)) throw conflict(licenseMessages.notEditable);
  const stored = {
    ...details,
    phoneNo: details.practitionerPhone,
    email: details.practitionerEmail,
    type: situation.type,
    description: `${situation.type === 'Renewal' ? 'Renewal of practising licence' : 'Practising licence'} ${situation.year}`,
  };
  const now = new Date();
  if (draft) {
    await ctx.db.update(applications).set({ details: stored, updatedAt: now }).where(eq(applications.code, draft.code));
    return draft.code;
  }
  try {
    return await ctx.db.transaction(async (tx: Db) => {
      const code = await nextNumber(tx, 'licence-application', 'LCA');
      await tx.insert(applications).values({
        code,
        kind: 'Licence',
        userId: user.id,
        profileId,
        appliedCategory: situation.membership?.categoryCode ?? '',
        amount: situation.charge?.amount ?? '0',
        applicationDateTime: now,
        status: 'New',
        submitted: false,
        licenseYear: situation.year,
        details: stored,
        assignedMemberNo: situation.membership?.memberNo ?? null,
      });
      return code;
    });
  } catch (error) {
    // Two first saves at once: one application per member and year (partial unique index).
    if (sqlState(error) === '23505') throw conflict(licenseMessages.alreadyApplied(situation.year));
    throw error;
  }
}
