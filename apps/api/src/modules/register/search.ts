import {
  type PublicProfile,
  type PublicProfileCard,
  type PublicSanction,
  registerMessages,
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_SIZE,
  type SearchPage,
} from '@portal/contract';
import { queryRows } from '@portal/db';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import { queryRowsPrepared, sqlBuiltOnce } from '../../shared/prepared';
import { consumeLocalLimit } from '../../shared/rate-limit';
import { wordsWhere } from '../../shared/sql-search';
import { today } from '../billing';
import { isShownSanctioned, publicSanctions, sanctionedProfileByMemberNo } from '../complaints';
import { type RegisterLookups, registerLookups } from './lookups';
import { CANDIDATES, isNameSearch, MEMBER_NO_LIKE, nameCandidates, nameOrder, type SearchLevel, searchLevels } from './name-candidates';
import { registerWords } from './words';

/** What a public register query reads: public columns only, so nothing private can leak into a response. */
interface PublicRow {
  profile_id: string;
  type: string;
  first_name: string;
  second_name: string | null;
  last_name: string;
  titles: string[] | string;
  discipline: string | null;
  picture_file_id: string | null;
  member_no: string;
  category_code: string;
  status: string;
  /** The current job's firm, when the showWorkPlace setting is on. */
  workplace: string | null;
  good_standing: boolean;
  /** The last day of the current practising licence, or null. */
  license_valid_to: string | null;
  total?: string | number;
}

const publicColumns = sql`p.profile_id, p.type, p.first_name, p.second_name, p.last_name, p.titles, p.discipline, p.picture_file_id,
  m.member_no, m.category_code, m.status`;

/**
 * The current workplace, read in the same query (a scalar subquery in the outer select list is worked out only
 * for the rows returned, after the sort and the limit), or null when the showWorkPlace setting is off.
 */
function workplace(show: boolean): SQL {
  if (!show) return sql`null::text as workplace`;
  return sql`(select e.data->>'NameOfFirm' from profile_entries e
    where e.profile_id = p.profile_id and e.section = 'work-experience' and e.data->'Current' = 'true'::jsonb
    order by e.entry_no desc limit 1) as workplace`;
}

/**
 * Good standing as the ledger has it (decisions.md §5): nothing left to pay on an overdue invoice. Worked out
 * only for the rows returned, like the workplace; the membership is Active for every listed row.
 */
function standing(day: string | Placeholder = today()): SQL {
  return sql`not exists (select 1 from ledger_entries l where l.profile_id = p.profile_id
    and l.document_type = 'Invoice' and l.remaining_cents > 0 and l.due_date < ${day}) as good_standing`;
}

/** The profile holds a practising licence that is Active today (decision 032). */
const currentLicence = (day: string | Placeholder) =>
  sql`from licenses l where l.profile_id = p.profile_id and l.status = 'Active' and l.valid_from <= ${day} and l.valid_to >= ${day}`;

/**
 * The current licence's last day, worked out only for the rows returned. At most one licence holds on a day (one per
 * member and year, each within its year), so there is nothing to sort.
 */
function licence(day: string | Placeholder = today()): SQL {
  return sql`(select l.valid_to::text ${currentLicence(day)}) as license_valid_to`;
}

const licensedOnlyWhere = (licensedOnly: boolean, day: string | Placeholder = today()) =>
  licensedOnly ? sql` and exists (select 1 ${currentLicence(day)})` : sql``;

/**
 * Listed: a profile with an Active membership, the one an application's release or the register import
 * creates. Applicants (no membership) and inactive, suspended or lapsed members never appear.
 */
const listed = sql`from profiles p join memberships m on m.profile_id = p.profile_id and m.status = 'Active'`;

/** Per-address limit on the public register (config SEARCH_RATE_PER_MINUTE; decision 021). */
export function limitPublic(ctx: AppContext, ip: string, kind: 'search' | 'photo' = 'search') {
  const max = kind === 'photo' ? ctx.config.searchRatePerMinute * 10 : ctx.config.searchRatePerMinute;
  consumeLocalLimit(`register-${kind}:ip:${ip}`, { max, windowSeconds: 60 });
}

/**
 * The public search (GET profile/search): by name or member number, 20 a page, with the total.
 * A term that looks like a member number is first matched exactly (unique index), then as part of numbers and names
 * (`search_text`, trigram index). Otherwise every word of the term, accents and apostrophes aside, must be a whole
 * word, the start of a word or part of a word of the names: whole words first, then starts, then parts (decision 055).
 */
export async function searchRegister(ctx: AppContext, term: string, page: number, licensedOnly = false): Promise<SearchPage> {
  const empty = { profiles: [], total: 0, capped: false, page, pageSize: SEARCH_PAGE_SIZE };
  const cleaned = term.trim().replace(/\s+/g, ' ');
  // Without a term, only the licensed filter lists anyone: every member holding a current licence, by name.
  if (!cleaned && !licensedOnly) return empty;
  const [lookups, minor] = await Promise.all([registerLookups(ctx.db), cachedMinorSettings(ctx.db)]);
  const sanctionsOf = await publicSanctions(ctx.db, minor.register_sanctions);
  const toPublic = (rows: PublicRow[]) => rows.map((r) => publicProfile(r, lookups, sanctionsOf));

  if (MEMBER_NO_LIKE.test(cleaned)) {
    const exact = await memberNoLookup[Number(minor.showWorkPlace) * 2 + Number(licensedOnly)](ctx.db, {
      memberNo: cleaned.toUpperCase(),
      day: today(),
    });
    if (exact.length) {
      return { ...empty, profiles: page === 1 ? toPublic(exact) : [], total: 1 };
    }
    // Off the list by a suspension or removal in force: the register says so when the setting allows (issue 30).
    const sanctioned = licensedOnly ? null : await sanctionedProfileByMemberNo(ctx.db, minor.register_sanctions, cleaned);
    if (sanctioned) {
      const rows = await queryRows<PublicRow>(ctx.db, sanctionedQuery(sanctioned, minor.showWorkPlace));
      if (rows.length) return { ...empty, profiles: page === 1 ? toPublic(rows) : [], total: 1 };
    }
  }

  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  // Past the cap there is nothing to show (and the query would show the row that only signals "more").
  if (offset >= SEARCH_MAX_RESULTS) {
    // Counted at the level the search itself settles on: the first that fills a page.
    let n = 0;
    for (const level of searchLevels(cleaned)) {
      [{ n }] = await queryRows<{ n: number }>(ctx.db, countQuery(cleaned, licensedOnly, level));
      if (Number(n) >= SEARCH_PAGE_SIZE) break;
    }
    return { ...empty, total: Math.min(Number(n), SEARCH_MAX_RESULTS), capped: Number(n) > SEARCH_MAX_RESULTS };
  }
  const search = async (level: SearchLevel) => {
    const rows = await queryRowsPrepared<PublicRow>(ctx.db, nameSearchQuery(cleaned, page, minor.showWorkPlace, licensedOnly, level));
    let found = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 1) {
      // Past the last page: the window count has no row to ride on.
      const [count] = await queryRowsPrepared<{ n: number }>(ctx.db, countQuery(cleaned, licensedOnly, level));
      found = Number(count.n);
    }
    return { rows, found };
  };
  // The strongest matches alone, then weaker ones too while what was found fills less than a page (decision 055).
  const levels = searchLevels(cleaned);
  let { rows, found } = await search(levels[0]);
  for (const level of levels.slice(1)) {
    if (found >= SEARCH_PAGE_SIZE) break;
    ({ rows, found } = await search(level));
  }
  return {
    profiles: toPublic(rows),
    total: Math.min(found, SEARCH_MAX_RESULTS),
    capped: found > SEARCH_MAX_RESULTS,
    page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

/** The listed member with exactly this number (exported for bench/overhead.ts, which runs the same SQL bare). */
export function memberNoQuery(
  memberNo: string | Placeholder,
  withWorkplace: boolean,
  licensedOnly = false,
  day = today() as string | Placeholder,
): SQL {
  return sql`select ${publicColumns}, ${workplace(withWorkplace)}, ${standing(day)}, ${licence(day)} ${listed}
    where p.member_no = ${memberNo}${licensedOnlyWhere(licensedOnly, day)} limit 1`;
}

/**
 * The same look-up, its SQL built once for each of its four shapes (workplace shown or not, licensed only or not),
 * the member number and the day as values: the busiest public read builds nothing per call (issue 27).
 */
const memberNoLookup = [false, true].flatMap((withWorkplace) =>
  [false, true].map((licensedOnly) =>
    sqlBuiltOnce<PublicRow>(() => memberNoQuery(sql.placeholder('memberNo'), withWorkplace, licensedOnly, sql.placeholder('day'))),
  ),
);

/**
 * Listed members whose lower-case names or number hold every word of the term (at most 6 words), at most
 * SEARCH_MAX_RESULTS + 1 of them: the extra row only says that there are more. The register's partial member numbers
 * and the licensed list without a term; names go through `nameCandidates`. Reads `profiles` alone (`listed`, kept by
 * a trigger on memberships): no membership lookup per candidate (decision 027).
 */
function candidates(cleaned: string, licensedOnly: boolean): SQL {
  const words = cleaned ? sql` and ${wordsWhere(cleaned)}` : sql``;
  return sql`select p.profile_id, p.member_no, p.first_name, p.last_name, p.search_text from profiles p
    where p.listed${words}${licensedOnlyWhere(licensedOnly)} limit ${CANDIDATES}`;
}

function countQuery(cleaned: string, licensedOnly: boolean, level: SearchLevel): SQL {
  const found = isNameSearch(cleaned)
    ? nameCandidates(registerWords(cleaned), licensedOnlyWhere(licensedOnly), level)
    : candidates(cleaned, licensedOnly);
  return sql`select count(*)::int as n from (${found}) c`;
}

/**
 * The search as the server runs it (exported for the bench's EXPLAIN): the candidates, ranked, one page, and only
 * then the page's public columns, workplace and standing. Names: `nameCandidates` in `nameOrder` at `level`. Part of
 * a member number: numbers that start with it first, in number order. No term (licensed only): by name.
 */
export function nameSearchQuery(
  cleaned: string,
  page: number,
  withWorkplace = true,
  licensedOnly = false,
  level: SearchLevel = searchLevels(cleaned)[0],
): SQL {
  const words = registerWords(cleaned);
  let found: SQL;
  let order: SQL;
  if (isNameSearch(cleaned)) {
    found = nameCandidates(words, licensedOnlyWhere(licensedOnly), level);
    // One word, or whole words alone: the candidates come out in order (tier, then the key of register_words or
    // register_pairs: shorter names first, which for whole words is the order of similarity to the term).
    order = words.length === 1 || level === 'wholes' ? sql`` : nameOrder(words);
  } else {
    found = candidates(cleaned, licensedOnly);
    order = MEMBER_NO_LIKE.test(cleaned)
      ? sql`order by starts_with(c.member_no, ${cleaned.toUpperCase()}) desc, c.member_no`
      : sql`order by c.last_name, c.first_name, c.profile_id`;
  }
  return sql`with ranked as (
      select c.profile_id, row_number() over (${order}) as position, count(*) over () as total
      from (${found}) c
      order by position limit ${sql.raw(String(SEARCH_PAGE_SIZE))} offset ${sql.raw(String((page - 1) * SEARCH_PAGE_SIZE))})
    select ${publicColumns}, ${workplace(withWorkplace)}, ${standing()}, ${licence()}, r.total
    from ranked r join profiles p on p.profile_id = r.profile_id join memberships m on m.profile_id = p.profile_id and m.status = 'Active'
    order by r.position`;
}

/**
 * The listed member with exactly this number, as the public register shows them (without the workplace), or null:
 * the register checked by SMS and USSD (sms-register/, decision 059) through the search's own look-up.
 */
export async function listedMemberByNo(ctx: AppContext, memberNo: string): Promise<PublicProfile | null> {
  const lookups = await registerLookups(ctx.db);
  const [row] = await memberNoLookup[0](ctx.db, { memberNo: memberNo.toUpperCase(), day: today() });
  return row ? publicProfile(row, lookups, () => []) : null;
}

/** One listed member's public fields (the photo by its address), or 404 'Member not found'. */
export async function findPublicProfile(ctx: AppContext, profileId: string): Promise<PublicProfile> {
  const [lookups, minor] = await Promise.all([registerLookups(ctx.db), cachedMinorSettings(ctx.db)]);
  let rows = await queryRows<PublicRow>(
    ctx.db,
    sql`select ${publicColumns}, ${workplace(minor.showWorkPlace)}, ${standing()}, ${licence()} ${listed} where p.profile_id = ${profileId} limit 1`,
  );
  if (!rows.length && (await isShownSanctioned(ctx.db, minor.register_sanctions, profileId))) {
    rows = await queryRows<PublicRow>(ctx.db, sanctionedQuery(profileId, minor.showWorkPlace));
  }
  if (!rows.length) throw notFound(registerMessages.memberNotFound);
  return publicProfile(rows[0], lookups, await publicSanctions(ctx.db, minor.register_sanctions));
}

/** GET profile/search/show/{profileId}: one listed member's card, with the photo. */
export async function showPublicProfile(ctx: AppContext, profileId: string): Promise<PublicProfileCard> {
  const profile = await findPublicProfile(ctx, profileId);
  const photo = await publicPhoto(ctx, profileId);
  return { ...profile, base64Image: photo ? `data:${photo.contentType};base64,${photo.bytes.toString('base64')}` : null };
}

/** A listed member's photo bytes, or null (not listed, no photo, or bytes missing). */
export async function publicPhoto(ctx: AppContext, profileId: string) {
  const rows = await queryRows<{ storage_key: string; content_type: string }>(
    ctx.db,
    sql`select f.storage_key, f.content_type ${listed} join files f on f.id = p.picture_file_id and f.profile_id = p.profile_id
        where p.profile_id = ${profileId} limit 1`,
  );
  if (!rows.length) return null;
  const bytes = await ctx.storage.get(rows[0].storage_key);
  return bytes ? { bytes, contentType: rows[0].content_type } : null;
}

/**
 * A member off the list by a suspension or removal in force, as the register shows them when the setting allows:
 * their membership's status (Suspended, Removed), never a licence (it is suspended or revoked with them).
 */
function sanctionedQuery(profileId: string, withWorkplace: boolean): SQL {
  return sql`select ${publicColumns}, ${workplace(withWorkplace)}, ${standing()}, null::text as license_valid_to
    from profiles p join memberships m on m.profile_id = p.profile_id
    where p.profile_id = ${profileId} and m.status in ('Suspended', 'Removed') limit 1`;
}

/** A row to the public shape. Every value is picked by name: a new private column cannot slip through. */
function publicProfile(r: PublicRow, lookups: RegisterLookups, sanctionsOf: (profileId: string) => PublicSanction[]): PublicProfile {
  const titles: string[] = typeof r.titles === 'string' ? JSON.parse(r.titles) : (r.titles ?? []);
  const category = lookups.categories.get(r.category_code);
  return {
    ProfileID: r.profile_id,
    FirstName: r.first_name,
    SecondName: r.second_name || null,
    LastName: r.last_name,
    profileTitle: titles.filter((t) => lookups.titles.has(t)).map((t) => ({ title: t, description: lookups.titles.get(t) ?? t })),
    MemberNo: r.member_no,
    MemberShipType: r.category_code,
    CategoryDescription: category?.description ?? r.category_code,
    MemberType: r.type === 'Corporate' ? 'Corporate' : 'Individual',
    discipline: r.discipline,
    DisciplineDescription: r.discipline ? (lookups.disciplines.get(r.discipline) ?? r.discipline) : null,
    memberInformation: [{ No: r.member_no, Status: r.status, Category: r.category_code }],
    workexp: r.workplace ? [{ NameOfFirm: r.workplace, Current: true }] : [],
    Status: r.status,
    goodStanding: r.status === 'Active' && r.good_standing,
    licensed: r.license_valid_to !== null,
    licenseValidTo: r.license_valid_to,
    sanctions: sanctionsOf(r.profile_id),
    photoUrl: r.picture_file_id ? `/api/profile/search/photo/${encodeURIComponent(r.profile_id)}?v=${r.picture_file_id.slice(0, 8)}` : null,
  };
}
