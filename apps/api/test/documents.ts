import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';

let counter = 0;

/**
 * Marks an application accepted the way release does (the release service lives elsewhere): status
 * Released, an assigned member number, an Active membership and the number on the profile.
 */
export async function releaseApplication(
  t: Pick<TestApp, 'db'>,
  code: string,
  options: { memberNo?: string; registrationDate?: string } = {},
) {
  const memberNo = options.memberNo ?? `ERB${9000 + (Date.now() % 1000)}${counter++}`;
  const [application] = await t.db
    .update(schema.applications)
    .set({ status: 'Released', submitted: true, submittedAt: new Date(), decidedAt: new Date(), assignedMemberNo: memberNo })
    .where(eq(schema.applications.code, code))
    .returning();
  if (!application.profileId) throw new Error('application has no profile');
  await t.db.insert(schema.memberships).values({
    profileId: application.profileId,
    memberNo,
    categoryCode: application.appliedCategory,
    status: 'Active',
    registrationDate: options.registrationDate ?? '2026-03-05',
  });
  await t.db
    .update(schema.profiles)
    .set({ memberNo, membershipType: application.appliedCategory })
    .where(eq(schema.profiles.profileId, application.profileId));
  return { application, memberNo };
}

/** Marks an application rejected with comments (visible unless `hidden`). */
export async function rejectApplication(t: Pick<TestApp, 'db'>, code: string, comments: { comment: string; hidden?: boolean }[] = []) {
  await t.db
    .update(schema.applications)
    .set({ status: 'Rejected', submitted: true, submittedAt: new Date(), decidedAt: new Date() })
    .where(eq(schema.applications.code, code));
  for (const c of comments) {
    await t.db
      .insert(schema.applicationComments)
      .values({ applicationCode: code, comment: c.comment, displayName: 'Registrar', hiddenFromApplicant: c.hidden ?? false });
  }
}

/** Marks an application submitted (status Open). */
export async function submitApplication(t: Pick<TestApp, 'db'>, code: string) {
  await t.db
    .update(schema.applications)
    .set({ status: 'Open', submitted: true, submittedAt: new Date() })
    .where(eq(schema.applications.code, code));
}
