import type { CpdActivitiesPage, cpdActivitiesQuery } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { containsPattern, wordsWhere } from '../../shared/sql-search';
import { fullName } from '../documents';
import { activityDto } from './activities';

const { cpdActivities, profiles } = schema;

/**
 * What a search matches: every word in the member's names and number (the profiles' `search_text`, trigram index,
 * then the member's activities by `cpd_activities_profile_idx`), or the whole term in the activity's description or
 * provider (`cpd_activities_text_trgm_idx`). Each half is read from its own index, not by testing every activity.
 */
function searchCondition(term: string): SQL {
  const cleaned = term.replace(/\s+/g, ' ');
  return sql`${cpdActivities.id} in (
    select a.id from cpd_activities a where a.profile_id in (select p.profile_id from profiles p where ${wordsWhere(cleaned)})
    union all
    select a.id from cpd_activities a where ${ACTIVITY_TEXT} like ${containsPattern(cleaned.toLowerCase())})`;
}

/** The activity's words as its trigram index holds them. */
const ACTIVITY_TEXT = sql.raw(`lower(a.description || ' ' || a.provider)`);

/**
 * `GET admin/cpd/activities`: a page of outside activities for admins and approvers, with the member's name and
 * number, and the number that match. Of one status, oldest first (`cpd_activities_status_created_idx`); of every
 * status, Pending first, then oldest first (`cpd_activities_queue_idx` on `status <> 'Pending'`). Either order is
 * read from its index, so a page costs its rows, not the whole table's sort.
 */
export async function activitiesPage(ctx: AppContext, query: z.output<typeof cpdActivitiesQuery>): Promise<CpdActivitiesPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(cpdActivities.status, query.status));
  if (query.search) conditions.push(searchCondition(query.search));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.status
    ? [asc(cpdActivities.createdAt), asc(cpdActivities.id)]
    : [sql`(${cpdActivities.status} <> 'Pending')`, asc(cpdActivities.createdAt), asc(cpdActivities.id)];

  // The page's ids first, from the order's index alone; only those rows are joined to their members.
  const pageIds = ctx.db
    .select({ id: cpdActivities.id })
    .from(cpdActivities)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ activity: cpdActivities, profile: profiles })
      .from(cpdActivities)
      .innerJoin(profiles, eq(profiles.profileId, cpdActivities.profileId))
      .where(inArray(cpdActivities.id, pageIds))
      .orderBy(...order),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(cpdActivities).where(where),
  ]);
  return {
    activities: rows.map(({ activity, profile }) => activityDto(activity, fullName(profile))),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
