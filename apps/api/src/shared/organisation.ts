import { type MinorSettings, parseMinorSettings } from '@portal/contract';
import { type Db, schema } from '@portal/db';

/** The settings row (there is at most one). */
export async function loadSettingsRow(db: Db) {
  const [row] = await db.select().from(schema.settings).orderBy(schema.settings.id).limit(1);
  return row ?? null;
}

export async function loadMinorSettings(db: Db): Promise<MinorSettings> {
  return parseMinorSettings((await loadSettingsRow(db))?.minorSettings);
}

// Read on every signed-in request (inactivity rule), so kept for a few seconds; saving clears it. The load itself
// is kept: requests arriving while it runs share it, instead of each sending the same query when the copy expires.
const CACHE_MS = 5_000;
let cached: { at: number; db: Db; value: Promise<MinorSettings> } | null = null;

export function cachedMinorSettings(db: Db): Promise<MinorSettings> {
  if (cached && cached.db === db && Date.now() - cached.at < CACHE_MS) return cached.value;
  const entry = { at: Date.now(), db, value: loadMinorSettings(db) };
  cached = entry;
  // A failed load is not kept: the next call tries again.
  entry.value.catch(() => {
    if (cached === entry) cached = null;
  });
  return entry.value;
}

let generation = 0;

/** Settings or company saved in this instance: every copy kept of them is read again (other instances within their lifetime). */
export function forgetCachedSettings() {
  cached = null;
  generation += 1;
}

/** Changes each time this instance saves settings or company, so other caches of them know to read again. */
export function settingsGeneration(): number {
  return generation;
}

export async function loadCompany(db: Db) {
  const [row] = await db.select().from(schema.company).orderBy(schema.company.id).limit(1);
  return row ?? null;
}

export async function organisationName(db: Db): Promise<string> {
  return (await loadCompany(db))?.displayName ?? 'Member Portal';
}
