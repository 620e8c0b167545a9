import { codeKey, SECTION_CODED_FIELDS, type SectionName } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, or } from 'drizzle-orm';

export type CodeWanted = [list: string, code: unknown];

/** Descriptions of setup codes (discipline, county, award, …), keyed `list:code` (codeKey); unknown codes are left out. */
export async function describeCodes(db: Db, wanted: CodeWanted[]): Promise<Map<string, string>> {
  const pairs = new Map<string, [string, string]>();
  for (const [list, code] of wanted) {
    if (code === null || code === undefined || code === '' || typeof code === 'object') continue;
    pairs.set(codeKey(list, code), [list, String(code)]);
  }
  const out = new Map<string, string>();
  if (!pairs.size) return out;
  const l = schema.lookupItems;
  const rows = await db
    .select({ list: l.list, code: l.code, description: l.description })
    .from(l)
    .where(or(...[...pairs.values()].map(([list, code]) => and(eq(l.list, list), eq(l.code, code)))));
  for (const r of rows) out.set(codeKey(r.list, r.code), r.description);
  return out;
}

/** The coded values of profile entries (SECTION_CODED_FIELDS), for describeCodes. */
export function entryCodes(entries: { section: string; data: Record<string, unknown> }[]): CodeWanted[] {
  return entries.flatMap((e) =>
    Object.entries(SECTION_CODED_FIELDS[e.section as SectionName] ?? {}).map(([field, list]): CodeWanted => [list, e.data[field]]),
  );
}
