/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and
 * exits; for a deploy pipeline that migrates before it starts the new instances. On PostgreSQL it takes the same
 * advisory lock as an instance's start-up, so running it beside starting instances is safe. Exit 0 when the
 * database is up to date, 1 otherwise.
 */
import { isDatabaseUnavailable, openDatabase } from '@portal/db';
import { loadConfig } from './config';

/** A database still coming up (a fresh container, a failover) is waited for this long before giving up. */
const WAIT_FOR_DATABASE_MS = 60_000;

async function run() {
  try {
    process.loadEnvFile('.env');
  } catch {
    // no .env: the real environment applies
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseDir, poolSize: 2 });
  try {
    const until = Date.now() + WAIT_FOR_DATABASE_MS;
    for (;;) {
      try {
        const before = await database.pendingMigrations();
        await database.migrate();
        const after = await database.pendingMigrations();
        if (after.length > 0) throw new Error(`migrations still pending: ${after.join(', ')}`);
        console.log(
          before.length ? `applied ${before.length} migration(s): ${before.join(', ')}` : 'database up to date: nothing to apply',
        );
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() > until) throw error;
        console.error(`database not reachable (${(error as Error).message}); trying again in 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  } finally {
    await database.close();
  }
}

run().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
