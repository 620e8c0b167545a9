import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/** PREFIX + the number zero-padded to `width` digits; a longer number is kept whole. */
function formatNumber(prefix: string, value: number, width: number): string {
  return `${prefix}${String(value).padStart(width, '0')}`;
}

/**
 * Reserves `count` consecutive values of a named counter in one statement, atomically, and returns them in order,
 * each formatted as PREFIX + zero-padded number.
 */
export async function reserveNumbers(db: Db, name: string, prefix: string, count: number, width = 6): Promise<string[]> {
  const rows = await queryRows<{ value: number }>(
    db,
    sql`
    insert into sequences (name, value) values (${name}, ${count})
    on conflict (name) do update set value = sequences.value + ${count}
    returning value`,
  );
  const first = Number(rows[0].value) - count + 1;
  return Array.from({ length: count }, (_, i) => formatNumber(prefix, first + i, width));
}

/** Next value of a named counter, atomically, formatted as PREFIX + zero-padded number. */
export async function nextNumber(db: Db, name: string, prefix: string, width = 6): Promise<string> {
  const [number] = await reserveNumbers(db, name, prefix, 1, width);
  return number;
}
