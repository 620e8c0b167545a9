import { MEMBERSHIP_STATUSES, type SearchStats } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { cachedPerDb } from '../../shared/cached-per-db';
import { registerLookups } from './lookups';

async function load(db: Db): Promise<SearchStats> {
  const [lookups, byCategory, byDiscipline, byStatus, byYear] = await Promise.all([
    registerLookups(db),
    queryRows<{ code: string; n: number }>(
      db,
      sql`select category_code as code, count(*)::int as n from memberships where status = 'Active' group by 1 order by 2 desc`,
    ),
    queryRows<{ code: string | null; n: number }>(
      db,
      sql`select p.discipline as code, count(*)::int as n
          from memberships m join profiles p on p.profile_id = m.profile_id
          where m.status = 'Active' group by 1 order by 2 desc`,
    ),
    queryRows<{ code: string; n: number }>(db, sql`select status as code, count(*)::int as n from memberships group by 1 order by 2 desc`),
    queryRows<{ code: string; n: number }>(
      db,
      sql`select extract(year from registration_date)::int::text as code, count(*)::int as n
          from memberships where status = 'Active' and registration_date is not null
            and registration_date >= (date_trunc('year', now()) - interval '9 years')
          group by 1 order by 1`,
    ),
  ]);
  const total = byCategory.reduce((sum, r) => sum + Number(r.n), 0);
  const statusOrder = (s: string) => {
    const i = (MEMBERSHIP_STATUSES as readonly string[]).indexOf(s);
    return i === -1 ? MEMBERSHIP_STATUSES.length : i;
  };
  return {
    total,
    groups: [
      {
        key: 'category',
        title: 'Active members by category',
        items: byCategory.map((r) => ({
          code: r.code,
          label: lookups.categories.get(r.code)?.description ?? r.code,
          count: Number(r.n),
        })),
      },
      {
        key: 'discipline',
        title: 'Active members by discipline',
        items: byDiscipline.map((r) => ({
          code: r.code ?? '',
          label: r.code ? (lookups.disciplines.get(r.code) ?? r.code) : 'Not stated',
          count: Number(r.n),
        })),
      },
      {
        key: 'status',
        title: 'Register by membership status',
        items: byStatus
          .map((r) => ({ code: r.code, label: r.code, count: Number(r.n) }))
          .sort((a, b) => statusOrder(a.code) - statusOrder(b.code)),
      },
      {
        key: 'year',
        title: 'Active members by year of registration (last ten years)',
        items: byYear.map((r) => ({ code: r.code, label: r.code, count: Number(r.n) })),
      },
    ],
  };
}

// Counting the whole register on every visit would cost a scan each time; a minute-old count is fine.
const cache = cachedPerDb(load);

/** GET profile/search/stats: summary groups of counts, at most a minute old. */
export function registerStats(db: Db): Promise<SearchStats> {
  return cache.get(db);
}

/** After an import the counts are stale at once. */
export function forgetStats(db: Db) {
  cache.forget(db);
}
