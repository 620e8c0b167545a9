import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATION_LOCK_KEY, openDatabase, queryRows } from './client';

// PostgreSQL only (*.pg.test.ts): several instances starting together on one fresh database.
const serverUrl = process.env.TEST_DATABASE_URL as string;
const journal = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
).entries.map((e) => e.tag);

const name = `portal_migrate_${randomBytes(6).toString('hex')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const opened: Database[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function instance() {
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  opened.push(database);
  return database;
}

beforeAll(() => admin((c) => c.query(`create database ${name}`)));
afterAll(async () => {
  for (const database of opened) await database.close();
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('migrations when several instances start together', () => {
  it('reports every migration pending on a fresh database', async () => {
    const first = await instance();
    expect(await first.pendingMigrations()).toEqual(journal);
  });

  it('waits for the advisory lock, then migrates once although three instances ask at the same moment', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    // Someone else (another instance mid-migration) holds the lock: nobody migrates until it is released.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    let finished = 0;
    const all = Promise.all([a.migrate(), b.migrate(), c.migrate()].map((p) => p.then(() => finished++)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(finished).toBe(0);
    expect(await a.pendingMigrations()).toEqual(journal);
    await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await holder.end();

    await all;
    expect(finished).toBe(3);
    const rows = await queryRows<{ n: number; hashes: number }>(
      a.db,
      sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]).toEqual({ n: journal.length, hashes: journal.length });
    expect(await b.pendingMigrations()).toEqual([]);
    // The lock was given back: nothing holds it now.
    const locks = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
    expect(locks[0].n).toBe(0);
  });

  it('a migrate on an up-to-date database applies nothing', async () => {
    const d = await instance();
    await d.migrate();
    const rows = await queryRows<{ n: number }>(d.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(rows[0].n).toBe(journal.length);
  });
});
