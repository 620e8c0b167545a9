import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { cachedPerDb } from './cached-per-db';

const t = await createTestApp();

describe('cachedPerDb', () => {
  it('runs a drizzle query it is given once while kept, however often it is read, and again once forgotten', async () => {
    let runs = 0;
    const counted: PromiseLike<unknown[]> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable like drizzle's query builders, each await running it again
      then(resolve, reject) {
        runs++;
        return t.db.select().from(schema.requirements).then(resolve, reject);
      },
    };
    const kept = cachedPerDb(() => counted, 60_000);
    const [a, b] = await Promise.all([kept.get(t.db), kept.get(t.db)]);
    await kept.get(t.db);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    kept.forget(t.db);
    await kept.get(t.db);
    expect(runs).toBe(2);
  });

  it('tries again after a load that failed', async () => {
    let calls = 0;
    const kept = cachedPerDb(async () => {
      calls++;
      if (calls === 1) throw new Error('database away');
      return 'loaded';
    });
    await expect(kept.get(t.db)).rejects.toThrow('database away');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await kept.get(t.db)).toBe('loaded');
  });
});
