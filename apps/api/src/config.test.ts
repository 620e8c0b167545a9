import { availableParallelism } from 'node:os';
import { openDatabase } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores, at least 4, and takes the setting when given', () => {
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(4, availableParallelism() * 2));
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('sizes the PostgreSQL pool (opened lazily: nothing connects here)', async () => {
    const database = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 3 });
    expect((database.db as unknown as { $client: { options: { max: number } } }).$client.options.max).toBe(3);
    await database.close();
  });
});
