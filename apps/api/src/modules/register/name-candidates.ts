/**
 * The public register's name search (decision 055): which names a term matches, in which tiers, read through which
 * index, and in what order. search.ts puts the page of members together around these candidates.
 */
import { SEARCH_MAX_RESULTS } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { registerWords, wordsQuery } from './words';

/**
 * At most this many candidates: the cap and one more, which only says that there are more. Written into the SQL, as
 * the page's limit and offset are: PostgreSQL costs a generic plan's LIMIT $n as a tenth of the rows, and would
 * never use the generic plan of a prepared search (planned once) instead of planning each call.
 */
export const CANDIDATES = sql.raw(String(SEARCH_MAX_RESULTS + 1));

/** A single word with a digit in it: looks like a member number (ERB1001, A1234, 1001). */
export const MEMBER_NO_LIKE = /^[A-Za-z/-]*\d[A-Za-z0-9/-]*$/;

/** A name search: not a member number, and with something left to match once normalised. */
export const isNameSearch = (cleaned: string) => !MEMBER_NO_LIKE.test(cleaned) && registerWords(cleaned).length > 0;

/**
 * How closely the names a search reads match the term (decision 055): 'wholes', every word of the term a whole word of
 * the name; 'starts', those and then names where every word is at least the start of one; 'parts', those and then
 * names where every word is at least part of one.
 */
export type SearchLevel = 'wholes' | 'starts' | 'parts';

/**
 * The levels a search goes through, strongest first: the next is read only when the last found less than a page.
 * A name starts with whole words alone: one range of `register_words` for one word, of `register_pairs` for several,
 * a statement simple enough that PostgreSQL keeps one generic plan for it (with the starts tier beside it, the plans
 * for a whole surname and for the start of one cost too differently, and it planned every call). The rest of the
 * register's searches (parts of member numbers, the licensed list) have one level.
 */
export function searchLevels(cleaned: string): SearchLevel[] {
  return isNameSearch(cleaned) ? ['wholes', 'starts', 'parts'] : ['starts'];
}

/**
 * Words (collation "C") that start with `start` (a–z and 0–9): the range from it up to the same with its last
 * character one higher, then the pattern.
 */
function wordsStarting(column: SQL, start: string): SQL {
  const after = start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + 1);
  return sql`${column} >= ${start} and ${column} < ${after} and ${column} like ${`${start}%`}`;
}

/**
 * Listed members whose names hold every word of a term of several words as whole words, in the order of
 * `register_pairs`' key (shorter names first): the range of the pair of the term's two longest words (the rarest,
 * as a rule), any other word checked against the name. Index only: no profile row is read.
 */
function wholeWordsOfSeveral(words: string[], licensed: SQL): SQL {
  const [a, b] = [...words].sort((x, y) => y.length - x.length || (x < y ? -1 : 1)).slice(0, 2);
  const [first, second] = a < b ? [a, b] : [b, a];
  const others = words.filter((w) => w !== first && w !== second).map((w) => sql` and ' ' || p.name || ' ' like ${`% ${w} %`}`);
  return sql`select p.profile_id, 1 as tier, p.name as register_name from register_pairs p
    where p.first = ${first} and p.second = ${second}${sql.join(others, sql``)}${licensed}
    order by p.name_length, p.name, p.profile_id limit ${CANDIDATES}`;
}

/**
 * Listed members whose names hold every word of the term, best first and at most SEARCH_MAX_RESULTS + 1 of them
 * (decision 055), in up to three disjoint tiers read one after the other: 1, every word a whole word of the name; 2,
 * every word at least the start of one; 3, every word at least part of one. The limit stops the reading once enough
 * rows are in, so a name that thousands share costs about SEARCH_MAX_RESULTS rows of the first tier, and the best
 * matches are never left out for worse ones. `level` says which tiers: 'wholes' the first alone (a range of
 * `register_words` for one word, of `register_pairs` for several), 'starts' the first two, 'parts' all three (trigrams of `register_name`: the weakest
 * match, and the one whose cost grows with how common its letters are).
 *
 * One word: tiers 1 and 2 are ranges of `register_words`, whose key is their order (the word, shorter names, the
 * name), so the rows come out ranked and nothing else is read: `position` is the order they come in. Several words
 * at 'starts' and 'parts': the GIN index of whole words and word starts (`register_search_vector`, exact keys
 * intersected from the rarest), ranked by `nameOrder`.
 */
export function nameCandidates(words: string[], licensed: SQL, level: SearchLevel): SQL {
  if (level === 'wholes' && words.length > 1) return wholeWordsOfSeveral(words, licensed);
  let wholes: SQL;
  let starts: SQL;
  if (words.length === 1) {
    const [word] = words;
    wholes = sql`select p.profile_id, 1 as tier from register_words p where p.word = ${word}${licensed}
      order by p.name_length, p.name, p.profile_id`;
    if (level === 'wholes') return sql`${wholes} limit ${CANDIDATES}`;
    // Each profile once, by the first of its words that start with the term, and not when that is the term itself
    // (tier 1 has it). A scalar subquery: one probe of (profile_id, word) per row read, so the range is read in
    // order only as far as the limit (an anti join would hash the whole range first).
    // The range of words that start with the term is spelt out (`wordsStarting`): a generic plan of the prepared
    // statement knows no pattern to take a range from.
    starts = sql`select p.profile_id, 2 as tier from register_words p where ${wordsStarting(sql`p.word`, word)} and p.word <> ${word}
      and p.word = (select min(w.word) from register_words w where w.profile_id = p.profile_id and ${wordsStarting(sql`w.word`, word)})${licensed}
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
  const partsTier =
    level === 'parts'
      ? sql` union all (select p.profile_id, 3 as tier${partColumns} from profiles p
        where p.listed and ${parts} and not (${allStarts})${licensed})`
      : sql``;
  return sql`select * from ((select * from (${wholes}) t1) union all (select * from (${starts}) t2)${partsTier}) tiers
    limit ${CANDIDATES}`;
}

/**
 * The order of a several-word search's candidates: the tier, then how many of the term's words are whole words (2
 * each) or word starts (1 each) of the name, then trigram similarity of the whole name to the whole term, then last
 * and first name. The words are a–z and 0–9 only, so they go into LIKE patterns as they are.
 */
export function nameOrder(words: string[]): SQL {
  const score = sql.join(
    words.map((w) => sql`(' ' || c.register_name || ' ' like ${`% ${w} %`})::int + (' ' || c.register_name like ${`% ${w}%`})::int`),
    sql` + `,
  );
  return sql`order by c.tier, ${score} desc, similarity(c.register_name, ${words.join(' ')}) desc, c.last_name, c.first_name, c.profile_id`;
}
