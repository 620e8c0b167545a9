import type { SetupList } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';

const { lookupItems } = schema;
type Row = typeof lookupItems.$inferSelect;

/** Each list keeps the field names the spec gives for it (part 1 §3). */
const shapes: Record<SetupList, (r: Row) => Record<string, unknown>> = {
  countries: (r) => ({ code: r.code, displayName: r.description }),
  counties: (r) => ({ CountyNo: r.code, countyName: r.description, countryCode: r.parentCode }),
  cities: (r) => ({ Code: r.code, City: r.description, CountyNo: r.parentCode }),
  titles: (r) => ({ title: r.code, description: r.description, entitled: Boolean(r.extra.entitled), sequenceID: r.sequence }),
  disciplines: (r) => ({ code: r.code, description: r.description }),
  universities: (r) => ({
    code: r.code,
    displayName: r.description,
    foreign: Boolean(r.extra.foreign),
    accreditedPrograms: (r.extra.accreditedPrograms as string[] | undefined) ?? [],
  }),
  'attachment-types': (r) => ({ code: r.code, description: r.description }),
  'industry-groups': (r) => ({ code: r.code, description: r.description }),
  'specialization-types': (r) => ({ code: r.code, description: r.description, discipline: r.parentCode }),
  'referee-types': (r) => ({ code: r.code, description: r.description }),
  'postal-codes': (r) => ({ code: r.code, town: r.description }),
  'qualification-codes': (r) => ({ code: r.code, description: r.description, type: r.extra.type ?? null }),
  divisions: (r) => ({ code: r.code, description: r.description }),
  firms: (r) => ({ code: r.code, name: r.description }),
};

export async function listLookup(db: Db, list: SetupList, parent?: string) {
  const where = parent ? and(eq(lookupItems.list, list), eq(lookupItems.parentCode, parent)) : eq(lookupItems.list, list);
  const rows = await db.select().from(lookupItems).where(where).orderBy(asc(lookupItems.sequence), asc(lookupItems.code));
  return rows.map(shapes[list]);
}
