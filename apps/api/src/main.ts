import { isDatabaseUnavailable, openDatabase } from '@portal/db';
import { demoApprover, demoPeople, seed } from '@portal/db/seed';
import { buildApp } from './app';
import { loadConfig } from './config';
import { startBackgroundJobs } from './jobs';
import { resendRequestsToRecord } from './modules/referees';
import { describeS3 } from './shared/s3-storage';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseDir, poolSize: config.databasePoolSize });
  await untilDatabaseAnswers(() => database.migrate());
  await seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, demo: config.seedDemo });
  // Referee requests sent before decision 028 to an address the applicant typed go again to the referee's record.
  const readdressed = await resendRequestsToRecord({ db: database.db, config });
  if (readdressed.resent || readdressed.withdrawn) console.log('referee requests re-sent to the record', readdressed);

  // JSON logs when LOG_LEVEL is set or in production (shared/logging.ts); otherwise the lines below go to the console.
  const app = await buildApp(config, database);
  const logs = config.logLevel !== undefined;
  const say = (message: string) => (logs ? app.log.info(message) : console.log(message));
  // JOBS=off: a web-only instance (decision 038). Jobs log through the app's logger with a `job` field.
  const jobs = startBackgroundJobs({ db: database.db, config }, { log: logs ? app.log : undefined, succeeded: app.metrics.jobSucceeded });
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.databaseDir}`;
  const lines = [
    '',
    `  Member portal running at ${config.publicUrl}`,
    `  Database: ${where}`,
    `  Uploaded files: ${config.s3 ? describeS3(config.s3) : config.filesDir.startsWith('memory://') ? 'in memory (DATA_DIR=memory://)' : config.filesDir}`,
    `  API reference: ${config.publicUrl}/api/docs`,
    config.env !== 'production' ? `  Outbox (OTPs, emails): ${config.publicUrl}/dev/outbox` : '',
    '',
    '  Sign in as:',
    `    administrator   ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : config.adminPassword}`,
  ];
  if (config.seedDemo) {
    lines.push(`    approver        ${demoApprover.email} / ${demoApprover.password}  (review back office)`);
    lines.push('    (staff set up two-step sign-in with an authenticator app at their first sign-in)');
    for (const p of demoPeople) {
      lines.push(
        p.password
          ? `    member          ${p.email} / ${p.password}  (${p.memberNo}${p.hint ? `: ${p.hint}` : ''})`
          : `    activate        membership no ${p.memberNo}, ID ${p.idNumber}  (never used the portal: try "Activate Account")`,
      );
    }
  }
  if (logs) app.log.info({ url: config.publicUrl, database: where, jobs: config.jobs }, 'member portal started');
  else console.log(lines.filter((l) => l !== null).join('\n'));

  // Graceful shutdown (decision 038): stop taking connections, let requests in flight and a running job step finish
  // (at most SHUTDOWN_TIMEOUT_MS, then cut them and exit 1), close the pool, exit 0. A second signal exits at once.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    say(`${signal}: shutting down (waiting up to ${config.shutdownTimeoutMs} ms for requests in flight and running jobs)`);
    // A connection kept alive after its last answer would hold the server open: each is closed once idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all([app.close(), jobs.stop()]).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), config.shutdownTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    clearInterval(sweep);
    if (!finished) {
      app.server.closeAllConnections();
      if (logs) app.log.warn('shutdown timed out: remaining requests and jobs cut off');
      else console.error('shutdown timed out: remaining requests and jobs cut off');
      process.exit(1);
    }
    await database.close();
    say('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Starting while PostgreSQL is still coming up (or failing over) waits for it instead of exiting. */
async function untilDatabaseAnswers(step: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const waitMs = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      console.error(`[db] not reachable (${(error as Error).message}); trying again in ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

// A promise nobody awaited that fails (a job's stray query while the database is away) is logged, not fatal:
// one instance must never go down because one background step failed.
process.on('unhandledRejection', (reason) => console.error('[unhandled rejection]', reason));

/** Reads ./.env when there is one; real environment variables win. */
function loadDotEnv() {
  try {
    process.loadEnvFile('.env');
  } catch {
    // no .env: defaults and the real environment apply
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
