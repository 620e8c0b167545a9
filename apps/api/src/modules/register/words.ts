/**
 * A register search term as the database matches names (decision 055): the same normalisation as the SQL function
 * `register_normalise` (migration 0028) gives `profiles.register_name`, and the text-search queries that pick
 * whole words and word starts out of `register_search_vector(register_name)`.
 */

/** Letters that NFD does not take apart, spelt in a–z (both cases: the database lowers ASCII only). */
const SPELT: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ł: 'L',
  ł: 'l',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Þ: 'T',
  þ: 't',
};
const SPELT_PATTERN = new RegExp(`[${Object.keys(SPELT).join('')}]`, 'g');

/**
 * Accents off, apostrophes out (Ng'ang'a → nganga), lower case, and words of a–z and 0–9 with single spaces between
 * them: `register_normalise` in JavaScript (a test holds the two to the same answers).
 */
export function registerNormalise(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f'`´ʻʼ‘’]/g, '')
    .replace(SPELT_PATTERN, (c) => SPELT[c])
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The distinct words of a term after normalisation, at most 6 of them (as the other searches take). */
export function registerWords(term: string): string[] {
  const normalised = registerNormalise(term);
  return normalised ? [...new Set(normalised.split(' '))].slice(0, 6) : [];
}

/** How closely a name has to hold a word: as a whole word, or at least as the start of one. */
export type WordMatch = 'whole' | 'start';

/**
 * The tsquery text that holds a name whose words match every word of the term at least this closely, in the
 * lexemes of `register_search_vector`: 'mwangi' for the whole word, '>mwan' for a start (exact keys both). Quoted,
 * so each is taken as it is; the words are a–z and 0–9 only.
 */
export function wordsQuery(words: string[], match: WordMatch): string {
  return words.map((word) => (match === 'whole' ? `'${word}'` : `'>${word}'`)).join(' & ');
}
