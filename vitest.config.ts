import { defineConfig } from 'vitest/config';

const node = {
  environment: 'node' as const,
  include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...node, name: 'postgres', env: { DB_KIND: 'postgres' } } }] : []),
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
