/**
 * `npm run openapi:write [-- FILE]`: writes the API document (decision 053) to FILE (dist/openapi.json) without
 * listening: the app is built on an empty in-memory PGlite database, as production builds it (no development
 * routes), with `servers` from PUBLIC_URL. CI lints the file and type-checks examples/api-client against it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '@portal/db';
import { buildApp } from './app';
import { loadConfig } from './config';

async function run() {
  const file = path.resolve(process.argv[2] ?? 'dist/openapi.json');
  const config = loadConfig({
    PUBLIC_URL: process.env.PUBLIC_URL,
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    // Production insists on these keys; nothing is signed or sealed while the document is written.
    ALTCHA_HMAC_KEY: 'openapi-write',
    MFA_ENCRYPTION_KEY: '00'.repeat(32),
    LOG_LEVEL: 'silent',
    JOBS: 'off',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp(config, database, { logger: false });
  try {
    await app.ready();
    const document = app.swagger() as { paths: Record<string, object> };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    console.log(`${path.relative(process.cwd(), file)}: ${operations} operations, servers ${config.publicUrl}`);
  } finally {
    await app.close();
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
