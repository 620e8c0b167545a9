import { messages } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { HttpError } from './errors';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in the database, so every API process shares it.
 * Throws 429 once `key` has been hit more than `max` times in the window.
 */
export async function consumeLimit(db: Db, key: string, limit: Limit, options: { durable?: boolean } = {}): Promise<void> {
  // `durable: false` (busy public calls): a counter that may lose its last increments in a crash need not wait for
  // the disk, so this one statement's transaction commits without waiting for the WAL flush.
  const source =
    options.durable === false
      ? sql`select ${key}, now(), 1 from (select set_config('synchronous_commit', 'off', true)) as no_wait`
      : sql`values (${key}, now(), 1)`;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) ${source}
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    returning count`,
  );
  if (Number(rows[0].count) > limit.max) {
    throw new HttpError(429, messages.rateLimited);
  }
}

/** Refuses with 429 when `key` has already used up its window, without counting this call. */
export async function assertUnderLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${limit.windowSeconds})`,
  );
  if (rows.length && Number(rows[0].count) >= limit.max) throw new HttpError(429, messages.rateLimited);
}

/** Per-address and per-account limits for the sign-in family of endpoints. */
export const limits = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  otpPerIp: { max: 30, windowSeconds: 15 * 60 },
  otpPerAccount: { max: 10, windowSeconds: 15 * 60 },
  activationPerIp: { max: 20, windowSeconds: 15 * 60 },
  activationPerAccount: { max: 5, windowSeconds: 15 * 60 },
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 15 * 60 },
  searchPerIp: { max: 60, windowSeconds: 60 },
} satisfies Record<string, Limit>;
