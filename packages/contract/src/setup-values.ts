/** The plain values of setup.ts (constants, messages, small functions): importable without zod (decision 054). */

export const CHECKLIST_TYPES = ['Application', 'Upgrade', 'License'] as const;

/** Setup lookups served at GET /api/setup/<name>. */
export const SETUP_LISTS = [
  'countries',
  'counties',
  'cities',
  'titles',
  'disciplines',
  'universities',
  'attachment-types',
  'industry-groups',
  'specialization-types',
  'referee-types',
  'postal-codes',
  'qualification-codes',
  'divisions',
  'firms',
] as const;
export type SetupList = (typeof SETUP_LISTS)[number];

export const KENYA = 'KE';
