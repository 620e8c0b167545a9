import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations; on PostgreSQL under an advisory lock, so instances starting together migrate once. */
  migrate(): Promise<void>;
  /** The journal's migrations this database has not applied (tags, oldest first); every one of them when none ran. */
  pendingMigrations(): Promise<string[]>;
  /** node-postgres's pool: connections open, idle, and queries waiting for one. Absent for PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** The key of the session-level advisory lock held while migrating (any fixed bigint; 'portalmg' in ASCII). */
export const MIGRATION_LOCK_KEY = '8101820536569588583';

/** The journal drizzle-kit writes beside the migrations: one entry per migration, `when` is its folderMillis. */
function journalEntries(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/**
 * Compares drizzle's record of applied migrations (drizzle.__drizzle_migrations, keyed by the journal's `when`, as
 * its migrator does) with the journal. A database where no migration ran has every one pending.
 */
async function pendingMigrationsOf(db: Db): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows = await queryRows<{ created_at: string }>(db, sql`select created_at::text as created_at from drizzle.__drizzle_migrations`);
    applied = new Set(rows.map((r) => r.created_at));
  } catch (error) {
    // 3F000: no drizzle schema yet; 42P01: no migrations table yet.
    const state = sqlState(error);
    if (state !== '3F000' && state !== '42P01') throw error;
    applied = new Set();
  }
  return journalEntries()
    .filter((entry) => !applied.has(String(entry.when)))
    .map((entry) => entry.tag);
}

/**
 * Migrates on one connection holding a session-level advisory lock: instances starting together wait for the first
 * one, then find nothing left to apply (drizzle's own "create schema/table if not exists" and the migrations race
 * otherwise). The lock goes with the session if the connection dies.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A client whose unlock failed is not given back to the pool: ending it ends its session and so the lock.
    client.release(broken);
  }
}

export interface DatabaseOptions {
  /** A postgres:// URL: use a real PostgreSQL server. */
  url?: string;
  /** Folder for the embedded PGlite files; `memory://` keeps them in memory. */
  dataDir?: string;
  /** Most connections open at once to PostgreSQL (default 10, node-postgres's own). */
  poolSize?: number;
  /** How long a query waits for a connection before it fails (PostgreSQL; default 5 s). */
  connectTimeoutMs?: number;
  /** Told of every lost connection (PostgreSQL); the default writes one line to stderr. */
  onConnectionError?: (error: Error) => void;
}

const logConnectionError = (error: Error) => console.error(`[db] connection lost: ${error.message}`);

/**
 * node-postgres emits 'error' on a client whose connection dies (server restart, failover, pg_terminate_backend).
 * With no listener that event kills the process. The pool listens for its idle clients; a client checked out
 * (a request or transaction in flight) needs its own listener: its query fails, the client is not queryable any
 * more, and the pool drops it on release and connects a fresh one next time.
 */
function keepAliveThroughFaults(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection refused',
];

/**
 * True when `error` (or what it wraps: drizzle wraps the driver's error as `cause`) says the database could not
 * be reached or went away mid-query, as opposed to a query the database refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) return true;
    const nested = (e as { errors?: unknown }).errors; // AggregateError from a failed connect (IPv4 and IPv6)
    if (Array.isArray(nested) && nested.some((n) => isDatabaseUnavailable(n))) return true;
  }
  return false;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper; undefined for other errors. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A request waits at most this long for a connection: while the server is away it fails fast (a 503).
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    });
    keepAliveThroughFaults(pool, options.onConnectionError ?? logConnectionError);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      pendingMigrations: () => pendingMigrationsOf(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns an embedded database: nothing else can migrate it at the same time.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    pendingMigrations: () => pendingMigrationsOf(db),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with {rows}. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
