import { type Db, schema } from '@portal/db';
import { asc } from 'drizzle-orm';
import { cachedPerDb } from './cached-per-db';

const { requirements } = schema;

/**
 * Every checklist requirement, kept for half a minute: the profile summary (read with every page of the shell) says
 * whether the application checklist is complete, and the table changes only when an administrator edits it. Saving
 * a requirement forgets the copy (forgetRequirements); other instances see the change within the half minute. The
 * checklist itself and submission read the table afresh.
 */
const allRequirements = cachedPerDb(
  (db) => db.select().from(requirements).orderBy(asc(requirements.sequence), asc(requirements.code)),
  30_000,
);

/** The category's requirement rows of one checklist type, in order, from the kept copy. */
export async function keptRequirementRows(db: Db, category: string, type: string) {
  return (await allRequirements.get(db)).filter((r) => r.categoryCode === category && r.checklistType === type);
}

/** Requirements were saved: the kept copy is read again. */
export function forgetRequirements(db: Db) {
  allRequirements.forget(db);
}
