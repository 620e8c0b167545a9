import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/** Next value of a named counter, atomically, formatted as PREFIX + zero-padded number. */
export async function nextNumber(db: Db, name: string, prefix: string, width = 6): Promise<string> {
  const rows = await queryRows<{ value: number }>(
    db,
    sql`
    insert into sequences (name, value) values (${name}, 1)
    on conflict (name) do update set value = sequences.value + 1
    returning value`,
  );
  const value = Number(rows[0].value);
  return `${prefix}${String(value).padStart(width, '0')}`;
}
