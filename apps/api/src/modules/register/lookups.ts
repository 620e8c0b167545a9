import { type Db, schema } from '@portal/db';
import { inArray } from 'drizzle-orm';
import { cachedPerDb } from '../../shared/cached-per-db';

const { membershipCategories, lookupItems } = schema;

export interface RegisterLookups {
  categories: Map<string, { description: string; categoryType: string }>;
  disciplines: Map<string, string>;
  titles: Map<string, string>;
}

async function load(db: Db): Promise<RegisterLookups> {
  const [categoryRows, lookupRows] = await Promise.all([
    db.select().from(membershipCategories),
    db
      .select({ list: lookupItems.list, code: lookupItems.code, description: lookupItems.description })
      .from(lookupItems)
      .where(inArray(lookupItems.list, ['disciplines', 'titles'])),
  ]);
  return {
    categories: new Map(categoryRows.map((c) => [c.code, { description: c.description, categoryType: c.categoryType }])),
    disciplines: new Map(lookupRows.filter((l) => l.list === 'disciplines').map((l) => [l.code, l.description])),
    titles: new Map(lookupRows.filter((l) => l.list === 'titles').map((l) => [l.code, l.description])),
  };
}

// The public register reads these on every call; they change rarely (setup lists), so they are kept a minute.
const cache = cachedPerDb(load);

/** Categories, disciplines and titles by code, cached for a minute per database. */
export function registerLookups(db: Db): Promise<RegisterLookups> {
  return cache.get(db);
}

/** Fresh lookups (the import validates against the current lists, not a cached copy). */
export function freshLookups(db: Db): Promise<RegisterLookups> {
  cache.forget(db);
  return cache.get(db);
}
