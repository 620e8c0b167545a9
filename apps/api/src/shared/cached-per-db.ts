import type { Db } from '@portal/db';

/**
 * A value loaded once per database and kept for `ttlMs` (a minute by default). Callers share the pending load;
 * a load that fails is dropped so the next call tries again. `load` may return a drizzle query as it is: it is
 * settled once here (a query builder is a thenable that runs its query again each time it is awaited, so keeping
 * the builder kept nothing; issue 27).
 */
export function cachedPerDb<T>(load: (db: Db) => PromiseLike<T>, ttlMs = 60_000) {
  const cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return {
    get(db: Db): Promise<T> {
      const hit = cache.get(db);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = Promise.resolve(load(db));
      cache.set(db, { at: Date.now(), value });
      value.catch(() => cache.delete(db));
      return value;
    },
    forget(db: Db): void {
      cache.delete(db);
    },
  };
}
