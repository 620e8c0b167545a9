import {
  type PublicProfile,
  type PublicProfileCard,
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
import { sqlBuiltOnce } from '../../shared/prepared';
import { consumeLocalLimit } from '../../shared/rate-limit';
import { wordsWhere } from '../../shared/sql-search';
import { today } from '../billing';
import { type RegisterLookups, registerLookups } from './lookups';
import { registerWords, wordsQuery } from './words';

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

/** A single word with a digit in it: looks like a member number (ERB1001, A1234, 1001). */
const MEMBER_NO_LIKE = /^[A-Za-z/-]*\d[A-Za-z0-9/-]*$/;

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
  const toPublic = (rows: PublicRow[]) => rows.map((r) => publicProfile(r, lookups));

  if (MEMBER_NO_LIKE.test(cleaned)) {
    const exact = await memberNoLookup[Number(minor.showWorkPlace) * 2 + Number(licensedOnly)](ctx.db, {
      memberNo: cleaned.toUpperCase(),
      day: today(),
    });
    if (exact.length) {
      return { ...empty, profiles: page === 1 ? toPublic(exact) : [], total: 1 };
    }
  }

  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  // Past the cap there is nothing to show (and the query would show the row that only signals "more").
  if (offset >= SEARCH_MAX_RESULTS) {
    const [count] = await queryRows<{ n: number }>(ctx.db, countQuery(cleaned, licensedOnly, false));
    return { ...empty, total: Math.min(Number(count.n), SEARCH_MAX_RESULTS), capped: Number(count.n) > SEARCH_MAX_RESULTS };
  }
  const search = async (withParts: boolean) => {
    const rows = await queryRows<PublicRow>(ctx.db, nameSearchQuery(cleaned, page, minor.showWorkPlace, licensedOnly, withParts));
    let found = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 1) {
      // Past the last page: the window count has no row to ride on.
      const [count] = await queryRows<{ n: number }>(ctx.db, countQuery(cleaned, licensedOnly, withParts));
      found = Number(count.n);
    }
    return { rows, found };
  };
  let { rows, found } = await search(false);
  // Whole words and word starts fill less than a page: parts of words too (decision 055).
  if (found < SEARCH_PAGE_SIZE && isNameSearch(cleaned)) ({ rows, found } = await search(true));
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
    where p.listed${words}${licensedOnlyWhere(licensedOnly)} limit ${SEARCH_MAX_RESULTS + 1}`;
}

/** A name search: not a member number, and with something left to match once normalised. */
const isNameSearch = (cleaned: string) => !MEMBER_NO_LIKE.test(cleaned) && registerWords(cleaned).length > 0;

/**
 * Listed members whose names hold every word of the term, best first and at most SEARCH_MAX_RESULTS + 1 of them
 * (decision 055), in three disjoint tiers read one after the other: 1, every word a whole word of the name; 2, every
 * word at least the start of one; 3, every word at least part of one. The limit stops the reading once enough rows
 * are in, so a name that thousands share costs about SEARCH_MAX_RESULTS rows of the first tier, and the best matches
 * are never left out for worse ones. Parts of words (tier 3, trigrams of `register_name`, `withParts`) are looked for
 * only when whole words and starts give less than a page (`searchRegister` asks again): the weakest match, and the
 * one whose cost grows with how common its letters are.
 *
 * One word: tiers 1 and 2 are ranges of `register_words`, whose key is their order (the word, shorter names, the
 * name), so the rows come out ranked and nothing else is read: `position` is the order they come in. Several words:
 * the GIN index of whole words and word starts (`register_search_vector`, exact keys intersected from the rarest),
 * ranked by `nameOrder`.
 */
function nameCandidates(words: string[], licensedOnly: boolean, withParts: boolean): SQL {
  const licensed = licensedOnlyWhere(licensedOnly);
  let wholes: SQL;
  let starts: SQL;
  if (words.length === 1) {
    const [word] = words;
    wholes = sql`select p.profile_id, 1 as tier from register_words p where p.word = ${word}${licensed}
      order by p.name_length, p.name, p.profile_id`;
    // Each profile once, by the first of its words that start with the term, and not when that is the term itself
    // (tier 1 has it). A scalar subquery: one probe of (profile_id, word) per row read, so the range is read in
    // order only as far as the limit (an anti join would hash the whole range first).
    starts = sql`select p.profile_id, 2 as tier from register_words p where p.word like ${`${word}%`} and p.word <> ${word}
      and p.word = (select min(w.word) from register_words w where w.profile_id = p.profile_id and w.word like ${`${word}%`})${licensed}
      order by p.word, p.name_length, p.name, p.profile_id`;
  } else {
    const tier = (n: number, query: string) =>
      sql`select p.profile_id, ${sql.raw(String(n))} as tier, p.register_name, p.first_name, p.last_name from profiles p
        where p.listed and register_search_vector(p.register_name) @@ ${query}::tsquery${licensed}`;
    const whole = wordsQuery(words, 'whole');
    wholes = tier(1, whole);
    starts = tier(2, `${wordsQuery(words, 'start')} & !(${whole})`);
  }
  const parts = sql.join(
    words.map((w) => sql`p.register_name like ${`%${w}%`}`),
    sql` and `,
  );
  const allStarts = sql.join(
    words.map((w) => sql`' ' || p.register_name like ${`% ${w}%`}`),
    sql` and `,
  );
  const partColumns = words.length === 1 ? sql`` : sql`, p.register_name, p.first_name, p.last_name`;
  const partsTier = withParts
    ? sql` union all (select p.profile_id, 3 as tier${partColumns} from profiles p
        where p.listed and ${parts} and not (${allStarts})${licensed})`
    : sql``;
  return sql`select * from ((select * from (${wholes}) t1) union all (select * from (${starts}) t2)${partsTier}) tiers
    limit ${SEARCH_MAX_RESULTS + 1}`;
}

function countQuery(cleaned: string, licensedOnly: boolean, withParts = true): SQL {
  const found = isNameSearch(cleaned) ? nameCandidates(registerWords(cleaned), licensedOnly, withParts) : candidates(cleaned, licensedOnly);
  return sql`select count(*)::int as n from (${found}) c`;
}

/**
 * The order of a several-word search's candidates: the tier, then how many of the term's words are whole words (2
 * each) or word starts (1 each) of the name, then trigram similarity of the whole name to the whole term, then last
 * and first name. The words are a–z and 0–9 only, so they go into LIKE patterns as they are.
 */
function nameOrder(words: string[]): SQL {
  const score = sql.join(
    words.map((w) => sql`(' ' || c.register_name || ' ' like ${`% ${w} %`})::int + (' ' || c.register_name like ${`% ${w}%`})::int`),
    sql` + `,
  );
  return sql`order by c.tier, ${score} desc, similarity(c.register_name, ${words.join(' ')}) desc, c.last_name, c.first_name, c.profile_id`;
}

/**
 * The search as the server runs it (exported for the bench's EXPLAIN): the candidates, ranked, one page, and only
 * then the page's public columns, workplace and standing. Names: `nameCandidates` in `nameOrder`. Part of a member
 * number: numbers that start with it first, in number order. No term (licensed only): by name.
 */
export function nameSearchQuery(cleaned: string, page: number, withWorkplace = true, licensedOnly = false, withParts = false): SQL {
  const words = registerWords(cleaned);
  let found: SQL;
  let order: SQL;
  if (isNameSearch(cleaned)) {
    found = nameCandidates(words, licensedOnly, withParts);
    // One word: the candidates come out in order (tier, then the words table's key).
    order = words.length === 1 ? sql`` : nameOrder(words);
  } else {
    found = candidates(cleaned, licensedOnly);
    order = MEMBER_NO_LIKE.test(cleaned)
      ? sql`order by starts_with(c.member_no, ${cleaned.toUpperCase()}) desc, c.member_no`
      : sql`order by c.last_name, c.first_name, c.profile_id`;
  }
  return sql`with ranked as (
      select c.profile_id, row_number() over (${order}) as position, count(*) over () as total
      from (${found}) c
      order by position limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE})
    select ${publicColumns}, ${workplace(withWorkplace)}, ${standing()}, ${licence()}, r.total
    from ranked r join profiles p on p.profile_id = r.profile_id join memberships m on m.profile_id = p.profile_id and m.status = 'Active'
    order by r.position`;
}

/** One listed member's public fields (the photo by its address), or 404 'Member not found'. */
export async function findPublicProfile(ctx: AppContext, profileId: string): Promise<PublicProfile> {
  const [lookups, minor] = await Promise.all([registerLookups(ctx.db), cachedMinorSettings(ctx.db)]);
  const rows = await queryRows<PublicRow>(
    ctx.db,
    sql`select ${publicColumns}, ${workplace(minor.showWorkPlace)}, ${standing()}, ${licence()} ${listed} where p.profile_id = ${profileId} limit 1`,
  );
  if (!rows.length) throw notFound(registerMessages.memberNotFound);
  return publicProfile(rows[0], lookups);
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

/** A row to the public shape. Every value is picked by name: a new private column cannot slip through. */
function publicProfile(r: PublicRow, lookups: RegisterLookups): PublicProfile {
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
    photoUrl: r.picture_file_id ? `/api/profile/search/photo/${encodeURIComponent(r.profile_id)}?v=${r.picture_file_id.slice(0, 8)}` : null,
  };
}
