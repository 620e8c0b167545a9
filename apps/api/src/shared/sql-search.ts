import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE's wildcards (and its escape character) so the value matches only itself. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern for text that contains the value anywhere. */
export const containsPattern = (value: string) => `%${escapeLike(value)}%`;

/** The distinct lower-case words of a search term whose spaces are already collapsed, at most 6 of them. */
export const searchWords = (cleaned: string) => [...new Set(cleaned.toLowerCase().split(' '))].slice(0, 6);

/** Every word of the term must appear in the profile's lower-case names and number (`p.search_text`, trigram index). */
export function wordsWhere(cleaned: string): SQL {
  return sql.join(
    searchWords(cleaned).map((w) => sql`p.search_text like ${containsPattern(w)}`),
    sql` and `,
  );
}
