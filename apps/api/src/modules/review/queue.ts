import {
  type ApplicationKind,
  FINAL_STATUSES,
  REVIEW_FILTERS,
  REVIEW_STATUSES,
  type ReviewBell,
  type ReviewCounts,
  type ReviewFilter,
  type ReviewQueueItem,
  type ReviewQueuePage,
} from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, desc, eq, ilike, inArray, isNotNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { containsPattern } from '../../shared/sql-search';

const { applications, membershipCategories, profiles, users } = schema;

/** Which applications each queue filter holds. */
export function filterCondition(filter: ReviewFilter): SQL | undefined {
  switch (filter) {
    case 'action':
      return and(eq(applications.submitted, true), inArray(applications.status, [...REVIEW_STATUSES]));
    case 'Open':
    case 'Verified':
    case 'Committee Review':
    case 'Board Review':
      return and(eq(applications.submitted, true), eq(applications.status, filter));
    case 'Released':
    case 'Rejected':
      return eq(applications.status, filter);
    case 'returned':
      return and(
        eq(applications.submitted, false),
        isNotNull(applications.returnedAt),
        not(inArray(applications.status, [...FINAL_STATUSES])),
      );
    case 'New':
      return eq(applications.status, 'New');
    case 'all':
      return undefined;
  }
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = containsPattern(search);
  return or(
    ilike(applications.code, like),
    ilike(users.email, like),
    sql`${profiles.searchText} like ${like.toLowerCase()}`,
    ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, like),
  );
}

const applicantName = sql<string>`coalesce(
  nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.secondName}, ${profiles.lastName})), ''),
  ${users.name}, ${users.email}, '')`;

/** Every filter's count in one query, within the category and search asked for. */
async function countsWhere(ctx: AppContext, where: SQL | undefined): Promise<ReviewCounts> {
  const columns = Object.fromEntries(
    REVIEW_FILTERS.map((f) => {
      const condition = filterCondition(f);
      return [f, condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`];
    }),
  );
  const [row] = await ctx.db
    .select(columns)
    .from(applications)
    .leftJoin(profiles, eq(profiles.profileId, applications.profileId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(where);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

export interface QueueQuery {
  status: ReviewFilter;
  kind?: ApplicationKind;
  category?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/applications: one page of a filter, with every filter's count. */
export async function listQueue(ctx: AppContext, query: QueueQuery): Promise<ReviewQueuePage> {
  const scope = and(
    query.category ? eq(applications.appliedCategory, query.category) : undefined,
    query.kind ? eq(applications.kind, query.kind) : undefined,
    searchCondition(query.search),
  );
  const where = and(scope, filterCondition(query.status));
  // Reviewers work oldest submission first; finished and draft lists read newest first.
  const waiting = query.status === 'action' || (REVIEW_STATUSES as readonly string[]).includes(query.status);
  const order = waiting
    ? [sql`${applications.submittedAt} asc nulls last`, asc(applications.code)]
    : [desc(applications.applicationDateTime), desc(applications.code)];
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({
        app: applications,
        categoryDescription: membershipCategories.description,
        applicantName,
        email: users.email,
      })
      .from(applications)
      .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
      .leftJoin(profiles, eq(profiles.profileId, applications.profileId))
      .leftJoin(users, eq(users.id, applications.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countsWhere(ctx, scope),
  ]);
  const items: ReviewQueueItem[] = rows.map((r) => ({
    ...kindFields(r.app),
    Code: r.app.code,
    ProfileID: r.app.profileId,
    ApplicantName: r.applicantName,
    Email: r.email,
    AppliedCategory: r.app.appliedCategory,
    CategoryDescription: r.categoryDescription,
    status: r.app.status,
    Submitted: r.app.submitted,
    submittedAt: r.app.submittedAt?.toISOString() ?? null,
    returnedAt: r.app.returnedAt?.toISOString() ?? null,
    ApplicationDateTime: r.app.applicationDateTime.toISOString(),
    assignedMemberNo: r.app.assignedMemberNo,
  }));
  return { items, total: counts[query.status] ?? 0, page: query.page, pageSize: query.pageSize, counts };
}

/** What the queue shows of an application's kind: an upgrade's current category, a licence's year. */
export function kindFields(app: typeof applications.$inferSelect) {
  return { kind: app.kind as ApplicationKind, FromCategory: app.fromCategory, LicenseYear: app.licenseYear };
}

/** GET /api/admin/applications/counts: the bell counts submitted applications waiting for a reviewer. */
export async function bellCounts(ctx: AppContext): Promise<ReviewBell> {
  const counts = await countsWhere(ctx, undefined);
  return { needingAction: counts.action ?? 0, counts };
}
