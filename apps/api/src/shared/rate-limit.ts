import { messages } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { HttpError } from './errors';
import { sha256 } from './tokens';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * The key as stored: short keys as they are (readable when investigating), long ones as their prefix and a hash,
 * so whatever a visitor types in an account field, the key fits the index.
 */
export function storedKey(key: string): string {
  return key.length <= 120 ? key : `${key.slice(0, 40)}#${sha256(key)}`;
}

/**
 * Fixed-window counter in the database, so every API process shares it.
 * Throws 429 once `key` has been hit more than `max` times in the window.
 */
export async function consumeLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${storedKey(key)}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    returning count`,
  );
  if (Number(rows[0].count) > limit.max) {
    throw new HttpError(429, messages.rateLimited);
  }
}

const localWindows = new Map<string, { start: number; count: number }>();

/**
 * Fixed-window counter in this process's memory, for busy public reads (the register search): no database write
 * per request, and no row that every request from one address must lock in turn. Behind N processes an address
 * gets up to N times the limit, which is still a limit (decision 021).
 */
export function consumeLocalLimit(key: string, limit: Limit, now = Date.now()): void {
  const windowMs = limit.windowSeconds * 1000;
  if (localWindows.size > 50_000) {
    for (const [k, w] of localWindows) if (now - w.start >= windowMs) localWindows.delete(k);
  }
  const stored = storedKey(key);
  const current = localWindows.get(stored);
  const window = current && now - current.start < windowMs ? current : { start: now, count: 0 };
  window.count += 1;
  localWindows.set(stored, window);
  if (window.count > limit.max) throw new HttpError(429, messages.rateLimited);
}

/** Refuses with 429 when `key` has already used up its window, without counting this call. */
export async function assertUnderLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${storedKey(key)} and window_start >= now() - make_interval(secs => ${limit.windowSeconds})`,
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
