import type { Application } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { asc, desc, eq, inArray } from 'drizzle-orm';

const { applications, applicationComments, membershipCategories } = schema;

/** The caller's applications, newest first; comments hidden from the applicant never leave the server. */
export async function listApplications(db: Db, userId: number): Promise<Application[]> {
  const rows = await db
    .select({ app: applications, categoryDescription: membershipCategories.description })
    .from(applications)
    .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.applicationDateTime));
  const codes = rows.map((r) => r.app.code);
  const comments = codes.length
    ? await db
        .select()
        .from(applicationComments)
        .where(inArray(applicationComments.applicationCode, codes))
        .orderBy(asc(applicationComments.createdAt))
    : [];
  return rows.map(({ app, categoryDescription }) => ({
    Code: app.code,
    ProfileID: app.profileId,
    AppliedCategory: app.appliedCategory,
    CategoryDescription: categoryDescription,
    Amount: Number(app.amount),
    ApplicationDateTime: app.applicationDateTime.toISOString(),
    status: app.status,
    Submitted: app.submitted,
    assignedMemberNo: app.assignedMemberNo,
    postedReceiptNo: app.postedReceiptNo,
    membershipComments: comments
      .filter((c) => c.applicationCode === app.code && !c.hiddenFromApplicant)
      .map((c) => ({ comment: c.comment, commentDate: c.createdAt.toISOString(), displayName: c.displayName, hiddenFromApplicant: false })),
  }));
}
