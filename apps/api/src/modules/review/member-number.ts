import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';

/** A fresh organisation's first number is PREFIX1001, in the style of the body's register (ERB1001). */
export const FIRST_MEMBER_NUMBER = 1001;

/** The sequence row behind one prefix's member numbers. */
export const memberSequenceName = (prefix: string) => `member:${prefix}`;

/**
 * The next free member number for `prefix`, taken inside the caller's transaction. The counter lives in
 * `sequences` under `member:<PREFIX>`; on first use it starts at the highest numeric suffix already on the
 * register (profiles and memberships) with that prefix, so imported members' numbers are never reused.
 * A number someone already holds (entered by hand or imported later) is skipped. The counter row stays
 * locked until the transaction ends, so simultaneous releases get distinct numbers.
 */
export async function assignMemberNumber(tx: Db, prefix: string): Promise<string> {
  const name = memberSequenceName(prefix);
  // Only all-digit suffixes of at most 9 digits count (they fit the integer counter).
  const pattern = `^${prefix}[0-9]{1,9}$`;
  await tx.execute(sql`
    insert into sequences (name, value)
    select ${name}, greatest(${FIRST_MEMBER_NUMBER - 1}, coalesce(max(substring(n from ${prefix.length + 1})::int), 0))
    from (
      select member_no as n from profiles where member_no ~ ${pattern}
      union all
      select member_no as n from memberships where member_no ~ ${pattern}
    ) taken
    on conflict (name) do nothing`);
  for (;;) {
    const [row] = await queryRows<{ value: number }>(tx, sql`update sequences set value = value + 1 where name = ${name} returning value`);
    const candidate = `${prefix}${Number(row.value)}`;
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from profiles where upper(member_no) = ${candidate}
          union all
          select 1 as n from memberships where upper(member_no) = ${candidate}
          limit 1`,
    );
    if (!held) return candidate;
  }
}
