// Loaded into the API server by bench/route-cost.ts (node --import): counts the queries node-postgres sends and
// writes the running total to the file named by QUERY_COUNT_FILE, so the bench can tell how many a request made.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.QUERY_COUNT_FILE;
if (file) {
  const pg = createRequire(import.meta.url)('pg');
  let count = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    count++;
    return query.apply(this, args);
  };
  // Written aside, then renamed: a reader never sees half a number.
  setInterval(() => {
    writeFileSync(`${file}.new`, String(count));
    renameSync(`${file}.new`, file);
  }, 20).unref();
}
