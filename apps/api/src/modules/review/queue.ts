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
import { type Db, queryRows, schema } from '@portal/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { pageWindow } from '../../shared/bounded-count';
import type { AppContext } from '../../shared/context';
import { wordsWhere } from '../../shared/sql-search';

const { applications, membershipCategories, profiles, users } = schema;

/** Fixed statuses from the contract written as SQL literals, so a partial index's predicate is seen to hold. */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const WAITING = literals(REVIEW_STATUSES);
const FINAL = literals(FINAL_STATUSES);
const isWaiting = (status: string) => (REVIEW_STATUSES as readonly string[]).includes(status);

/** Which applications each queue filter holds (`countsFrom` counts the same from the per-status figures). */
export function filterCondition(filter: ReviewFilter): SQL | undefined {
  switch (filter) {
    case 'action':
      return sql`${applications.submitted} and ${applications.status} in (${WAITING})`;
    case 'Open':
    case 'Verified':
    case 'Committee Review':
    case 'Board Review':
      return sql`${applications.submitted} and ${applications.status} = ${literals([filter])}`;
    case 'Released':
    case 'Rejected':
    case 'New':
      return sql`${applications.status} = ${literals([filter])}`;
    case 'returned':
      return sql`not ${applications.submitted} and ${applications.returnedAt} is not null and ${applications.status} not in (${FINAL})`;
    case 'all':
      return undefined;
  }
}

/**
 * The applications a single word names exactly (issue 26): an application code or a member number (the
 * member's applications), or an e-mail (the applicant's login or profile e-mail), each through its own index.
 */
async function exactCodes(db: Db, term: string): Promise<string[]> {
  // `= any(array(…))`: the few ids first, then the applications by index, whatever the planner guesses of them.
  const rows = await queryRows<{ code: string }>(
    db,
    term.includes('@')
      ? sql`select code from applications where user_id = any(array(select id from users where email = ${term.toLowerCase()}))
            union select code from applications
            where profile_id = any(array(select profile_id from profiles where lower(email) = ${term.toLowerCase()}))`
      : sql`select code from applications where code = ${term.toUpperCase()}
            union select code from applications
            where profile_id = any(array(select profile_id from memberships where upper(member_no) = ${term.toUpperCase()}))`,
  );
  return rows.map((r) => r.code);
}

/**
 * A search: a single word that is a whole application code, member number or e-mail is answered alone;
 * otherwise every word must be in the applicant's names or member number (the profiles' trigram index).
 */
async function searchCondition(db: Db, search: string | undefined): Promise<SQL | undefined> {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  if (!text.includes(' ')) {
    const codes = await exactCodes(db, text);
    if (codes.length) return inArray(applications.code, codes);
  }
  return sql`${applications.profileId} in (select p.profile_id from profiles p where ${wordsWhere(text)})`;
}

const applicantName = sql<string>`coalesce(
  nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.secondName}, ${profiles.lastName})), ''),
  ${users.name}, ${users.email}, '')`;

interface StatusCount {
  status: string;
  n: number;
  submitted: number;
  returned: number;
}

/** Every filter's count from the per-status figures, as `filterCondition` would count them one by one. */
export function countsFrom(rows: StatusCount[]): ReviewCounts {
  const sum = (pick: 'n' | 'submitted' | 'returned', keep: (status: string) => boolean) =>
    rows.reduce((total, r) => total + (keep(r.status) ? Number(r[pick]) : 0), 0);
  const of = (filter: ReviewFilter): number => {
    switch (filter) {
      case 'action':
        return sum('submitted', isWaiting);
      case 'Open':
      case 'Verified':
      case 'Committee Review':
      case 'Board Review':
        return sum('submitted', (status) => status === filter);
      case 'Released':
      case 'Rejected':
      case 'New':
        return sum('n', (status) => status === filter);
      case 'returned':
        return sum('returned', (status) => !(FINAL_STATUSES as readonly string[]).includes(status));
      case 'all':
        return sum('n', () => true);
    }
  };
  return Object.fromEntries(REVIEW_FILTERS.map((f) => [f, of(f)]));
}

/**
 * Every filter's count within the category, kind and search asked for: one pass over the applications alone
 * (no join), grouped by status on the status index (issue 26).
 */
async function countsWhere(db: Db, where: SQL | undefined): Promise<ReviewCounts> {
  const rows = await queryRows<StatusCount>(
    db,
    sql`select ${applications.status} as status, count(*)::int as n,
          (count(*) filter (where ${applications.submitted}))::int as submitted,
          (count(*) filter (where not ${applications.submitted} and ${applications.returnedAt} is not null))::int as returned
        from ${applications} ${where ? sql`where ${where}` : sql``} group by ${applications.status}`,
  );
  return countsFrom(rows);
}

export interface QueueQuery {
  status: ReviewFilter;
  kind?: ApplicationKind;
  category?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/**
 * GET /api/admin/applications: one page of a filter, with every filter's count (issue 26). The page's codes are
 * read from the order's index alone (`applications_date_idx`, `applications_status_date_idx`,
 * `applications_waiting_idx`), from whichever end is nearer, before their rows are joined; a whole code, member
 * number or e-mail is answered alone, other words through the profiles' trigram index.
 */
export async function listQueue(ctx: AppContext, query: QueueQuery): Promise<ReviewQueuePage> {
  const scope = and(
    query.category ? eq(applications.appliedCategory, query.category) : undefined,
    query.kind ? eq(applications.kind, query.kind) : undefined,
    await searchCondition(ctx.db, query.search),
  );
  const where = and(scope, filterCondition(query.status));
  // Reviewers work oldest submission first; finished and draft lists read newest first.
  const waiting = query.status === 'action' || isWaiting(query.status);
  const orderBy = (reversed: boolean) =>
    waiting
      ? reversed
        ? sql`${applications.submittedAt} desc nulls first, ${applications.code} desc`
        : sql`${applications.submittedAt} asc nulls last, ${applications.code} asc`
      : reversed
        ? sql`${applications.applicationDateTime} asc, ${applications.code} asc`
        : sql`${applications.applicationDateTime} desc, ${applications.code} desc`;
  const counts = await countsWhere(ctx.db, scope);
  const total = counts[query.status] ?? 0;
  const window = pageWindow(total, query.page, query.pageSize);
  // In the subquery, `applications` is its own FROM (the innermost): the page's codes come from the index alone.
  const rows = await ctx.db
    .select({ app: applications, categoryDescription: membershipCategories.description, applicantName, email: users.email })
    .from(applications)
    .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .leftJoin(profiles, eq(profiles.profileId, applications.profileId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(
      sql`${applications.code} in (select ${applications.code} from ${applications} ${where ? sql`where ${where}` : sql``}
        order by ${orderBy(window.reversed)} limit ${window.limit} offset ${window.offset})`,
    )
    .orderBy(orderBy(false));
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
  return { items, total, page: query.page, pageSize: query.pageSize, counts };
}

/** What the queue shows of an application's kind: an upgrade's current category, a licence's year. */
export function kindFields(app: typeof applications.$inferSelect) {
  return { kind: app.kind as ApplicationKind, FromCategory: app.fromCategory, LicenseYear: app.licenseYear };
}

/** GET /api/admin/applications/counts: the bell counts submitted applications waiting for a reviewer. */
export async function bellCounts(ctx: AppContext): Promise<ReviewBell> {
  const counts = await countsWhere(ctx.db, undefined);
  return { needingAction: counts.action ?? 0, counts };
}
