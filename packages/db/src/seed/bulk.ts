/**
 * Loads a large, realistic register for load testing: `npm run seed:bulk -- 200000`, and with `--years 5` five years
 * of billing, payments, applications, licences, CPD, events and audit entries besides (bulk-history.ts).
 * Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR/db (as the server does).
 * Deterministic and idempotent: member i is always the same person, and rows that exist are skipped, so
 * running it again (or with a larger count) tops the register up. Bulk members have profile ids PRB0000001…
 * and member numbers BULK_PREFIX (default ERB) followed by 100001… so they never collide with real ones.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, openDatabase, queryRows } from '../client';
import * as t from '../schema';
import { seedHistory } from './bulk-history';
import * as data from './data';
import { seed } from './index';

const FIRST_NAMES_FEMALE = [
  'Grace',
  'Faith',
  'Mercy',
  'Esther',
  'Ann',
  'Mary',
  'Jane',
  'Lucy',
  'Joyce',
  'Winnie',
  'Caroline',
  'Purity',
  'Beatrice',
  'Agnes',
  'Susan',
  'Nancy',
  'Eunice',
  'Irene',
  'Janet',
  'Margaret',
  'Rose',
  'Sharon',
  'Diana',
  'Naomi',
  'Ruth',
  'Wanjiku',
  'Akinyi',
  'Atieno',
  'Chebet',
  'Jepkosgei',
  'Nafula',
  'Nekesa',
  'Mwende',
  'Kanini',
  'Zawadi',
  'Amina',
  'Halima',
  'Fatuma',
  'Cynthia',
  'Brenda',
];
const FIRST_NAMES_MALE = [
  'John',
  'Peter',
  'James',
  'David',
  'Joseph',
  'Samuel',
  'Daniel',
  'Brian',
  'Kevin',
  'Dennis',
  'Collins',
  'Victor',
  'Paul',
  'Stephen',
  'Michael',
  'George',
  'Charles',
  'Francis',
  'Patrick',
  'Anthony',
  'Moses',
  'Isaac',
  'Felix',
  'Evans',
  'Kennedy',
  'Wycliffe',
  'Otieno',
  'Kiprono',
  'Kipchoge',
  'Mutua',
  'Kamau',
  'Njoroge',
  'Omondi',
  'Barasa',
  'Wafula',
  'Juma',
  'Hassan',
  'Abdi',
  'Emmanuel',
  'Erick',
];
const LAST_NAMES = [
  'Mwangi',
  'Kamau',
  'Njoroge',
  'Kariuki',
  'Wanjiru',
  'Githinji',
  'Macharia',
  'Kimani',
  'Maina',
  'Ndungu',
  'Gitau',
  'Muriuki',
  'Waweru',
  'Otieno',
  'Odhiambo',
  'Ochieng',
  'Onyango',
  'Owino',
  'Omondi',
  'Okoth',
  'Achieng',
  'Awino',
  'Oduor',
  'Ouma',
  'Wekesa',
  'Wanyama',
  'Barasa',
  'Wafula',
  'Simiyu',
  'Khaemba',
  'Makokha',
  'Masinde',
  'Kiprop',
  'Kipchumba',
  'Cheruiyot',
  'Rotich',
  'Kirui',
  'Langat',
  'Korir',
  'Kiptoo',
  'Chelimo',
  'Jeptoo',
  'Mutua',
  'Musyoka',
  'Mwendwa',
  'Kioko',
  'Muthama',
  'Nzioka',
  'Wambua',
  'Mbithi',
  'Kilonzo',
  'Mohamed',
  'Ali',
  'Hassan',
  'Abdullahi',
  'Omar',
  'Salim',
  'Baya',
  'Karisa',
  'Kazungu',
  'Chai',
  'Nyaga',
  'Njeru',
  'Mugo',
  'Ireri',
  'Mbogo',
  'Gachanja',
  'Nyamweya',
  'Ombati',
  'Nyakundi',
  'Moraa',
  'Kerubo',
  'Onsongo',
  'Mokaya',
  'Ekai',
  'Lokwawi',
  "Ng'ang'a",
  'Too',
  'Sang',
  'Tanui',
  'Keter',
  'Biwott',
  'Ngugi',
  'Wachira',
  'Kinyua',
  'Murithi',
  'Mutai',
  'Koech',
  'Kiplagat',
  'Ruto',
  'Lagat',
];
const EMPLOYERS = [
  'Kenya National Highways Authority',
  'Kenya Urban Roads Authority',
  'Kenya Rural Roads Authority',
  'Kenya Power',
  'KenGen',
  'Kenya Electricity Transmission Company',
  'Nairobi City Water and Sewerage Company',
  'Athi Water Works Development Agency',
  'Kenya Ports Authority',
  'Kenya Railways',
  'Kenya Airports Authority',
  'Ministry of Roads and Transport',
  'State Department for Housing',
  'Kenya Pipeline Company',
  'Geothermal Development Company',
  'Safaricom',
  'National Construction Authority',
  'County Government of Nairobi',
  'County Government of Mombasa',
  'County Government of Kisumu',
  'County Government of Nakuru',
  'University of Nairobi',
  'Jomo Kenyatta University of Agriculture and Technology',
  'Technical University of Kenya',
  'Moi University',
  ...data.firms.map((f) => f.name),
];
const CATEGORIES: [string, number][] = [
  ['GRADUATE', 40],
  ['TECHNOLOGIST', 15],
  ['PROFESSIONAL', 30],
  ['CONSULTING', 10],
  ['ACCREDITED', 3],
  ['CORPORATE', 2],
];
const STATUSES: [string, number][] = [
  ['Active', 85],
  ['Inactive', 8],
  ['Lapsed', 4],
  ['Suspended', 2],
  ['Deceased', 1],
];
const DISCIPLINES: [string, number][] = data.disciplines.map((d, i) => [d.code, i < 3 ? 20 : i < 6 ? 5 : 2]);

/** A small fast PRNG (mulberry32): member i's values come from seed i, so every run makes the same people. */
function rng(seedValue: number) {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)];
function weighted(random: () => number, list: [string, number][]) {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of list) {
    r -= w;
    if (r < 0) return value;
  }
  return list[list.length - 1][0];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m, 2)}-${pad(d, 2)}`;

export interface BulkMember {
  profile: typeof t.profiles.$inferInsert;
  membership: typeof t.memberships.$inferInsert;
  job: typeof t.profileEntries.$inferInsert | null;
}

/** Bulk member number i (1-based): the same values every time. */
export function bulkMember(i: number, prefix = 'ERB'): BulkMember {
  const random = rng(i * 2654435761);
  const category = weighted(random, CATEGORIES);
  const firm = category === 'CORPORATE';
  const female = random() < 0.38;
  const firstName = firm
    ? `${pick(random, LAST_NAMES)} & ${pick(random, LAST_NAMES)} ${pick(random, ['Consulting Engineers', 'Engineering Associates', 'Partners'])}`
    : pick(random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
  const secondName =
    firm || random() < 0.3 ? null : pick(random, random() < 0.5 ? LAST_NAMES : female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
  const lastName = firm ? 'LTD' : pick(random, LAST_NAMES);
  const registered = 1985 + Math.floor(random() * 41);
  const registrationDate = isoDate(Math.min(registered, 2025), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28));
  const birthYear = Math.min(registered, 2025) - 23 - Math.floor(random() * 15);
  const profileId = `PRB${pad(i, 7)}`;
  const memberNo = `${prefix}${100000 + i}`;
  const emailName = firm ? `info.firm${i}` : `${firstName}.${lastName}${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  const city = pick(random, data.cities);
  const titles = firm ? [] : ['PROFESSIONAL', 'CONSULTING', 'ACCREDITED'].includes(category) ? ['Eng.'] : [female ? 'Ms.' : 'Mr.'];
  if (!firm && random() < 0.04) titles.push('Dr.');
  const profile: BulkMember['profile'] = {
    profileId,
    type: firm ? 'Corporate' : 'Individual',
    firstName,
    secondName,
    lastName,
    gender: firm ? null : female ? 'Female' : 'Male',
    dateOfBirth: firm ? null : isoDate(birthYear, 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
    identificationDocumentNo: firm ? `P05${pad(i, 7)}X` : String(20_000_000 + i * 37),
    email: `${emailName}@example.com`,
    phoneNo: `2547${pad(Math.floor(random() * 100_000_000), 8)}`,
    memberNo,
    membershipType: category,
    discipline: firm ? null : weighted(random, DISCIPLINES),
    titles,
    nationality: 'KE',
    county: city.CountyNo,
    city: city.Code,
    confirmed: true,
  };
  const membership: BulkMember['membership'] = {
    profileId,
    memberNo,
    categoryCode: category,
    status: weighted(random, STATUSES),
    registrationDate,
  };
  const job =
    !firm && random() < 0.6
      ? {
          profileId,
          section: 'work-experience',
          entryNo: 1,
          data: {
            PositionHeld: pick(random, [
              'Engineer',
              'Senior Engineer',
              'Project Engineer',
              'Resident Engineer',
              'Design Engineer',
              'Director',
            ]),
            Sector: pick(random, ['PUBLIC', 'PRIVATE', 'PARASTATAL', 'CONSULTANCY']),
            ResponsibilitiesDescription: 'Design, supervision and management of engineering works',
            NameOfFirm: pick(random, EMPLOYERS),
            FromDate: isoDate(Math.min(registered + 2, 2025), 1, 1),
            ToDate: '',
            Current: true,
          },
        }
      : null;
  return { profile, membership, job };
}

/** Columns of `table` named by the keys of `row`, as `json_to_recordset` declares them: (name type, …). */
function recordColumns(table: PgTable, keys: string[]) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return keys.map((key) => ({ key, name: columns[key].name, type: columns[key].getSQLType() }));
}

/**
 * One statement inserting `rows` into `table` from a single JSON parameter (`json_to_recordset`): a batch of
 * thousands of rows is one parameter to send and one plan, on PostgreSQL and on PGlite alike (a multi-row VALUES
 * list has 20-odd parameters a row and PostgreSQL's 65,535-parameter limit). Rows that are there already are
 * skipped; returns the profile ids of the rows inserted.
 */
async function insertJson(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const columns = recordColumns(table, Object.keys(rows[0]));
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const declared = sql.raw(columns.map((c) => `"${c.name}" ${c.type}`).join(', '));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.key] ?? null]))));
  const inserted = await queryRows<{ profile_id: string }>(
    db,
    sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${json}::json) as x(${declared})
      on conflict do nothing returning profile_id`,
  );
  return new Set(inserted.map((r) => r.profile_id));
}

/** The tables the bulk load writes (register_words and register_pairs through the triggers on profiles). */
const BULK_TABLES = ['profiles', 'memberships', 'profile_entries', 'register_words', 'register_pairs'];

/**
 * Drops the plain indexes of `profiles` (not primary keys or unique ones: they keep the load idempotent) and returns
 * the statements that build them again: building a GIN index once over a million rows takes a fraction of the time
 * of inserting a million rows into it one by one. The memberships' indexes stay: the triggers on memberships look
 * memberships up by profile for every row inserted, and without them each lookup would read the whole table.
 */
async function dropPlainIndexes(db: Db): Promise<string[]> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select quote_ident(n.nspname) || '.' || quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = 'profiles'
        and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  return indexes.map((index) => index.definition);
}

export interface SeedBulkOptions {
  prefix?: string;
  /** Told after each batch, with how many of the count are done. */
  onProgress?: (done: number) => void;
  /** Told how long each step took (milliseconds): generating rows, inserting them, building indexes, VACUUM ANALYZE. */
  onStep?: (step: string, ms: number) => void;
}

/**
 * Inserts bulk members 1..count that are not there yet, 5,000 to a statement per table. Returns how many were new.
 *
 * One transaction, with `synchronous_commit` off (nothing to wait for at each batch). A load that at least doubles
 * the profiles drops their plain indexes first and builds them once at the end. Each profile is written with its
 * `listed` flag already right (what the memberships trigger would set), so the trigger finds nothing to update:
 * otherwise every listed profile would be written twice, and every index with it.
 */
export async function seedBulk(db: Db, count: number, options: SeedBulkOptions = {}) {
  const BATCH = 5000;
  const step = async <T>(name: string, work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    options.onStep?.(name, Date.now() - started);
    return result;
  };
  const [{ total, present }] = await queryRows<{ total: number; present: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where profile_id between 'PRB0000001' and ${`PRB${pad(count, 7)}`})::int as present
      from profiles`,
  );
  const missing = count - present;
  const rebuild = missing >= 50_000 && missing >= total;
  let inserted = 0;
  let generating = 0;
  let analyzedAt = Math.max(total, 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const indexes = rebuild ? await dropPlainIndexes(tx) : [];
    const loadStarted = Date.now();
    for (let start = 1; start <= count; start += BATCH) {
      const generated = Date.now();
      const members = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, k) => bulkMember(start + k, options.prefix));
      const profiles = members.map((m) => ({ ...m.profile, listed: m.membership.status === 'Active' }));
      generating += Date.now() - generated;
      const fresh = await insertJson(tx, t.profiles, profiles);
      const added = members.filter((m) => fresh.has(m.profile.profileId));
      if (added.length) {
        await insertJson(
          tx,
          t.memberships,
          added.map((m) => m.membership),
        );
        await insertJson(
          tx,
          t.profileEntries,
          added.flatMap((m) => (m.job ? [m.job] : [])),
        );
      }
      inserted += added.length;
      if (inserted >= analyzedAt * 2) {
        // The planner's statistics follow the load (autovacuum cannot see rows before the commit): with the counts
        // of an empty table, the memberships triggers' look-ups by profile read a whole index each, every batch.
        analyzedAt = inserted;
        await tx.execute(sql.raw(`analyze ${BULK_TABLES.join(', ')}`));
      }
      options.onProgress?.(Math.min(start + BATCH - 1, count));
    }
    options.onStep?.('generate rows (in the loop)', generating);
    options.onStep?.('insert rows', Date.now() - loadStarted - generating);
    if (indexes.length) {
      await step(`build ${indexes.length} indexes`, async () => {
        for (const definition of indexes) await tx.execute(sql.raw(definition));
      });
    }
  });
  // What autovacuum would do in time, done now: fresh statistics for the planner, the visibility map, and any GIN
  // index's pending list merged (every search would otherwise read it through).
  await step('vacuum analyze', async () => {
    for (const table of BULK_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  });
  return inserted;
}

async function main() {
  try {
    process.loadEnvFile('.env');
  } catch {
    // no .env
  }
  const args = process.argv.slice(2);
  const yearsAt = args.indexOf('--years');
  const years = yearsAt >= 0 ? Number(args.splice(yearsAt, 2)[1]) : 0;
  const count = Number(args[0] ?? process.env.BULK_COUNT ?? 200_000);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(years) || years < 0 || years > 20) {
    throw new Error('Usage: npm run seed:bulk -- <count> [--years <1-20>]');
  }
  const dataDir = process.env.DATA_DIR ?? './data';
  const url = process.env.DATABASE_URL || undefined;
  const where = url ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(path.resolve(dataDir), 'db')}`;
  const database = await openDatabase({ url, dataDir: path.join(path.resolve(dataDir), 'db') });
  try {
    await database.migrate();
    await seed(database.db, {
      adminEmail: (process.env.ADMIN_EMAIL ?? 'admin@portal.test').toLowerCase(),
      adminPassword: process.env.ADMIN_PASSWORD ?? 'Admin@2026',
      demo: process.env.SEED_DEMO ? process.env.SEED_DEMO !== 'off' : process.env.NODE_ENV !== 'production',
    });
    const started = Date.now();
    console.log(`Loading ${count.toLocaleString('en-KE')} members into ${where}…`);
    let lastReport = 0;
    const inserted = await seedBulk(database.db, count, {
      prefix: process.env.BULK_PREFIX ?? 'ERB',
      onProgress: (done) => {
        if (done - lastReport >= 20_000 || done === count) {
          lastReport = done;
          console.log(`  ${done.toLocaleString('en-KE')} / ${count.toLocaleString('en-KE')}`);
        }
      },
      onStep: (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
    });
    console.log(`Done: ${inserted.toLocaleString('en-KE')} new members in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (years > 0) {
      const endYear = Number(new Date().toISOString().slice(0, 4));
      console.log(`Adding ${years} years of history (${endYear - years + 1}–${endYear})…`);
      const historyStarted = Date.now();
      await seedHistory(database.db, {
        years,
        members: count,
        endYear,
        onStep: (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
      });
      console.log(`History done in ${((Date.now() - historyStarted) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
