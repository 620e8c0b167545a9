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

export async function loadCompany(db: Db) {
  const [row] = await db.select().from(schema.company).orderBy(schema.company.id).limit(1);
  return row ?? null;
}

export async function organisationName(db: Db): Promise<string> {
  return (await loadCompany(db))?.displayName ?? 'Member Portal';
}
