import { createServer, type Server, type Socket } from 'node:net';
import { openDatabase } from '@portal/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { freePort } from '../../../test/throwaway-postgres';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const t = await createTestApp();
const kind = process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** An app on a PostgreSQL address where the database is out of reach (nothing listens, or it never answers). */
async function appOn(url: string) {
  const database = await openDatabase({ url, connectTimeoutMs: 10_000 });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', WEB_DIST: '/nonexistent' });
  const app = await buildApp(config, database);
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
  });
  return app;
}

describe('GET /api/health', () => {
  it('answers ok after reaching the database, and names the database kind', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { status: 'ok', database: kind } });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('are both 200 on a reachable, migrated database', async () => {
    expect(await t.call('GET', '/api/health/live')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
    expect(await t.call('GET', '/api/health/ready')).toMatchObject({ status: 200, body: { data: { status: 'ok', database: kind } } });
  });

  it('is not ready while a migration of the journal is not applied, and names it', async () => {
    const [last] = (
      (await t.db.execute(
        sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const response = await t.call('GET', '/api/health/ready');
      expect(response.status).toBe(503);
      expect(response.body.data).toEqual({
        status: 'unavailable',
        database: kind,
        reason: expect.stringMatching(/^migrations not applied: 0\d{3}_\w+$/),
      });
      // Liveness does not look at the database: restarting the process would not help.
      expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
      );
    }
    expect((await t.call('GET', '/api/health/ready')).status).toBe(200);
  });

  it('is not ready when the database cannot be reached; /health keeps its own answer; live stays 200', async () => {
    const port = await freePort(); // nothing listens there
    const app = await appOn(`postgres://postgres@127.0.0.1:${port}/portal`);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: expect.any(String),
      data: { status: 'unavailable', database: 'postgres', reason: 'the database is unavailable' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data).toEqual({ status: 'unavailable', database: 'postgres' });
    // A request that fails on the database still names its request id.
    expect(ready.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: 'Bearer some-session', 'x-request-id': 'lb-1' },
    });
    expect(signedIn.statusCode).toBe(503);
    expect(signedIn.headers['x-request-id']).toBe('lb-1');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('is not ready, within about 2 s, when the database accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as { port: number };
    const app = await appOn(`postgres://postgres@127.0.0.1:${port}/portal`);
    const started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    const took = Date.now() - started;
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data.reason).toBe('the database did not answer within 2 s');
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4000);
  });
});
