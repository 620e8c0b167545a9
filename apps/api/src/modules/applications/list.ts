import type { Application } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';

const { applications, applicationComments, membershipCategories } = schema;

/** Applications matching `where`, newest first; comments hidden from the applicant never leave the server. */
async function applicationsWhere(db: Db, where: SQL | undefined): Promise<Application[]> {
  const rows = await db
    .select({ app: applications, categoryDescription: membershipCategories.description })
    .from(applications)
    .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .where(where)
    .orderBy(desc(applications.applicationDateTime));
  const codes = rows.map((r) => r.app.code);
  const comments = codes.length
    ? await db
        .select()
        .from(applicationComments)
        .where(and(inArray(applicationComments.applicationCode, codes), eq(applicationComments.hiddenFromApplicant, false)))
        .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id))
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
    submittedAt: app.submittedAt?.toISOString() ?? null,
    returnedAt: app.returnedAt?.toISOString() ?? null,
    membershipComments: comments
      .filter((c) => c.applicationCode === app.code)
      .map((c) => ({ comment: c.comment, commentDate: c.createdAt.toISOString(), displayName: c.displayName, hiddenFromApplicant: false })),
  }));
}

/** The caller's applications, newest first. */
export function listApplications(db: Db, userId: number): Promise<Application[]> {
  return applicationsWhere(db, eq(applications.userId, userId));
}

/** One of the caller's applications, in the list's shape; undefined when it is not theirs. */
export async function ownApplication(db: Db, userId: number, code: string): Promise<Application | undefined> {
  const [one] = await applicationsWhere(db, and(eq(applications.userId, userId), eq(applications.code, code)));
  return one;
}
