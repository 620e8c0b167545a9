import { defineConfig } from 'vitest/config';

const node = {
  environment: 'node' as const,
  include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Tests where the database engine does not matter: no database at all (the contract, pure helpers), or what they
 * check happens before or after it (HTTP guards, headers, logging, uploads and their limits, PDF and page rendering,
 * file storage). They run once, on PGlite; everything else runs on both, since PostgreSQL differs from the embedded
 * one where it counts: connections and pools, concurrent transactions and locks, faults (CI time, issue 27).
 */
const databaseAgnostic = [
  'packages/contract/**',
  'packages/db/src/passwords.test.ts',
  'packages/db/src/semaphore.test.ts',
  'apps/api/src/config.test.ts',
  'apps/api/src/app.test.ts',
  'apps/api/src/trust-proxy.test.ts',
  'apps/api/src/request-limits.test.ts',
  'apps/api/src/shared/{secret-box,periodic,bot-check,pdf-streams,uploads,logging,metrics,storage,openapi,cached-per-db}.test.ts',
  'apps/api/src/shared/export/stream.test.ts',
  'apps/api/src/modules/web-app/**',
  'apps/api/src/modules/outbox/transports.test.ts',
  'apps/api/src/modules/*/pages/**',
  'apps/api/src/modules/documents/routes.test.ts',
  'apps/api/src/modules/profile/{files,files-s3,upload-limits}.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      // The bench's own helpers are tested once, with the PGlite project. *.pg.test.ts need PostgreSQL itself
      // (a cluster of their own: database faults), so only the postgres project runs them.
      {
        test: {
          ...node,
          name: 'pglite',
          include: [...node.include, 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
        },
      },
      // With TEST_DATABASE_URL the same suite runs again against the real PostgreSQL server.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...node, name: 'postgres', env: { DB_KIND: 'postgres' }, exclude: ['**/node_modules/**', ...databaseAgnostic] } }]
        : []),
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
