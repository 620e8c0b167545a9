import { createHash } from 'node:crypto';
import type { Db } from '@portal/db';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

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

interface RawPreparedQuery {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
interface SessionOf {
  _: { session: { prepareQuery(query: Query, fields: undefined, name: string | undefined, arrayMode: false): RawPreparedQuery } };
}

const dialect = new PgDialect();

/**
 * Raw SQL (`sql` with `sql.placeholder` values) compiled once, then only run: for a hot raw query of the public API,
 * where building the SQL tree and compiling it cost more than running it (issue 27). Unnamed, so PostgreSQL plans it
 * each time as it would any other query (no generic plan chosen for one member number and used for all).
 */
export function sqlBuiltOnce<Row>(build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  let compiled: Query | undefined;
  const prepared = preparedPerDb((db) => {
    compiled ??= dialect.sqlToQuery(build());
    return (db as unknown as SessionOf)._.session.prepareQuery(compiled, undefined, undefined, false);
  });
  return async (db, values) => ((await prepared(db).execute(values)) as { rows: Row[] }).rows;
}

/**
 * Raw SQL run as a named prepared statement whose name is taken from its text: each shape of a query is parsed once
 * per connection, and once PostgreSQL finds a generic plan as good as the ones it made for the values, it stops
 * planning it per call. For the public register's name searches, whose planning took as long as running them at a
 * million members (issue 27). The values must be parameters (drizzle's `sql` makes them so), never spliced into the
 * text, or every call would leave a statement behind on the connection.
 */
export async function queryRowsPrepared<Row>(db: Db, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `s_${createHash('sha1').update(compiled.sql).digest('base64url')}`;
  const prepared = (db as unknown as SessionOf)._.session.prepareQuery(compiled, undefined, name, false);
  return ((await prepared.execute({})) as { rows: Row[] }).rows;
}
