import type { Db } from '@portal/db';

/**
 * A query built once per database and run as a named prepared statement (`.prepare(name)`, values as
 * `sql.placeholder`): drizzle does not build it again on every call, and PostgreSQL parses and plans it once per
 * connection. For the reads that every signed-in page makes: building a select of many columns cost 0.1–0.5 ms of
 * CPU per call, often more than running it (issue 11). Not for queries inside a transaction (the handle differs).
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
