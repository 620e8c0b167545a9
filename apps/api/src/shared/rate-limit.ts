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

/** A place taken in a window by `reserveLimit`: give it back with `releaseLimit` when the attempt must not count. */
export interface Reservation {
  key: string;
  /** As PostgreSQL wrote it (microseconds included), to find the same window again. */
  windowStart: string;
  /** The window's count with this reservation in it (1 to max). */
  count: number;
}

/**
 * Takes one place in `key`'s window, atomically, before the guarded work runs: null when the window is full
 * (nothing is counted then). Simultaneous callers are serialised by the row's upsert, so however many arrive at
 * once, at most `max` get a place per window (issue 24: checking, then counting after a slow check, let a burst
 * through).
 */
export async function reserveLimit(db: Db, key: string, limit: Limit): Promise<Reservation | null> {
  const stored = storedKey(key);
  const rows = await queryRows<{ count: number; window_start: string }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${stored}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    where rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) or rate_limits.count < ${limit.max}
    returning count, window_start::text as window_start`,
  );
  if (!rows.length) return null;
  return { key: stored, windowStart: rows[0].window_start, count: Number(rows[0].count) };
}

/**
 * Fixed-window counter in the database, so every API process shares it: takes a place in `key`'s window, and
 * throws 429 once its `max` places are taken (a refused call takes none).
 */
export async function consumeLimit(db: Db, key: string, limit: Limit): Promise<void> {
  if (!(await reserveLimit(db, key, limit))) throw new HttpError(429, messages.rateLimited);
}

/** Gives a reserved place back to the window it was taken from (a later window is left alone). */
export async function releaseLimit(db: Db, reservation: Reservation | null): Promise<void> {
  if (!reservation) return;
  await queryRows(
    db,
    sql`update rate_limits set count = greatest(count - 1, 0)
        where key = ${reservation.key} and window_start = ${reservation.windowStart}::timestamptz`,
  );
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
