import type { Application, MembershipComment } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../shared/prepared';

const { applications, applicationComments, membershipCategories } = schema;

/**
 * The caller's applications (of any kind): by account, or by profile for a member whose account changed. Upgrades
 * and licence applications are read through it.
 */
export function ownedBy(user: { id: number; profileId: string | null }): SQL {
  return user.profileId
    ? (or(eq(applications.userId, user.id), eq(applications.profileId, user.profileId)) as SQL)
    : eq(applications.userId, user.id);
}

/** The member's registration applications; upgrades and licence applications have their own lists. */
const registration = eq(applications.kind, 'Registration');

const applicationRows = (db: Db, where: SQL | undefined) =>
  db
    .select({ app: applications, categoryDescription: membershipCategories.description })
    .from(applications)
    .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .where(where)
    .orderBy(desc(applications.applicationDateTime));

// The caller's applications are read by the dashboard and most pages of the shell: built once and prepared (issue 11).
const applicationRowsOfUser = preparedPerDb((db) =>
  applicationRows(db, and(eq(applications.userId, sql.placeholder('userId')), registration)).prepare('applications_of_user'),
);
const visibleComments = preparedPerDb((db) =>
  db
    .select()
    .from(applicationComments)
    .where(
      and(
        sql`${applicationComments.applicationCode} = any(${sql.placeholder('codes')})`,
        eq(applicationComments.hiddenFromApplicant, false),
      ),
    )
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id))
    .prepare('application_comments_visible'),
);

type ApplicationRow = Awaited<ReturnType<typeof applicationRows>>[number];

/** The comments of these applications that their applicant may read, by application code, oldest first. */
export async function commentsForApplicant(db: Db, codes: string[]): Promise<Map<string, MembershipComment[]>> {
  const rows = codes.length ? await visibleComments(db).execute({ codes }) : [];
  const byCode = new Map<string, MembershipComment[]>();
  for (const c of rows) {
    const list = byCode.get(c.applicationCode) ?? [];
    list.push({ comment: c.comment, commentDate: c.createdAt.toISOString(), displayName: c.displayName, hiddenFromApplicant: false });
    byCode.set(c.applicationCode, list);
  }
  return byCode;
}

/** The rows in the list's shape, newest first; comments hidden from the applicant never leave the server. */
async function applicationDtos(db: Db, rows: ApplicationRow[]): Promise<Application[]> {
  const comments = await commentsForApplicant(
    db,
    rows.map((r) => r.app.code),
  );
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
    membershipComments: comments.get(app.code) ?? [],
  }));
}

/** The caller's applications, newest first. */
export async function listApplications(db: Db, userId: number): Promise<Application[]> {
  return applicationDtos(db, await applicationRowsOfUser(db).execute({ userId }));
}

/** One of the caller's applications, in the list's shape; undefined when it is not theirs. */
export async function ownApplication(db: Db, userId: number, code: string): Promise<Application | undefined> {
  const [one] = await applicationDtos(
    db,
    await applicationRows(db, and(eq(applications.userId, userId), eq(applications.code, code), registration)),
  );
  return one;
}
