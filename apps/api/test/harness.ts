import { randomBytes } from 'node:crypto';
import { type Database, hashPassword, nextNumber, openDatabase, schema } from '@portal/db';
import { seed } from '@portal/db/seed';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { LogStream } from '../src/shared/logging';
import { completeSignIn } from './mfa';

export const ADMIN_EMAIL = 'admin@portal.test';
export const ADMIN_PASSWORD = 'Admin@2026';
export const STRONG_PASSWORD = 'Str0ng!Pass';

/**
 * A fresh database for one test file: in-memory PGlite by default; a new database on the real
 * PostgreSQL server when the project runs with TEST_DATABASE_URL (the "postgres" Vitest project).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before the server has seen every client leave; dropping "with (force)" at that
      // moment kills those sessions, and their clients report it as an unhandled error. Wait for them first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * An app on a fresh test database, or on `options.database` (a database other processes share too: migrating and
 * seeding it again changes nothing). Closed, with its database, after the file's tests.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { database?: Database; logStream?: LogStream } = {}) {
  const database = options.database ?? (await openTestDatabase());
  await database.migrate();
  await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
  const config = loadConfig(
    // A fixed bot-check key, so an app built with env 'production' (which insists on one) starts too.
    {
      NODE_ENV: 'test',
      // Uploaded files stay in memory with the test's database.
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'http://portal.test',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WEB_DIST: '/nonexistent',
      ALTCHA_HMAC_KEY: 'test-altcha-hmac-key',
      // Likewise a fixed card sandbox key, which production insists on too (decision 039).
      CARD_SANDBOX_SECRET: 'test-card-sandbox-secret',
      // And the key that seals the authenticator keys (decision 047).
      MFA_ENCRYPTION_KEY: '7e'.repeat(32),
    },
    overrides,
  );
  // A log stream turns the app's JSON logs on, into it (shared/logging.test.ts reads the logs of a whole flow).
  const app = await buildApp(config, database, { logStream: options.logStream });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const db = database.db;

  async function call(method: 'GET' | 'POST', url: string, options: { body?: unknown; token?: string; ip?: string } = {}) {
    const response = await app.inject({
      method,
      url,
      payload: options.body as Record<string, unknown> | undefined,
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
    const json = response.body ? (JSON.parse(response.body) as any) : null;
    return { status: response.statusCode, body: json, headers: response.headers };
  }

  /** Messages queued for a recipient, newest first. */
  async function outboxFor(to: string) {
    return db.select().from(schema.outbox).where(eq(schema.outbox.to, to)).orderBy(desc(schema.outbox.id));
  }

  /** The first 6-digit code in the newest message to `to`. */
  async function latestCode(to: string): Promise<string> {
    const [message] = await outboxFor(to);
    const match = message?.body.match(/\b(\d{6})\b/);
    if (!match) throw new Error(`no code sent to ${to}`);
    return match[1];
  }

  /** The path of the newest link to PUBLIC_URL sent to `to`. */
  async function latestLink(to: string): Promise<string> {
    const [message] = await outboxFor(to);
    const match = message?.body.match(/http:\/\/portal\.test(\/\S+)/);
    if (!match) throw new Error(`no link sent to ${to}`);
    return match[1];
  }

  return { app, db, config, call, outboxFor, latestCode, latestLink };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface UserOptions {
  email?: string;
  password?: string;
  phone?: string;
  verified?: boolean;
  isAdmin?: boolean;
  isApprover?: boolean;
  type?: 'Individual' | 'Corporate';
  category?: string;
  profileId?: string | null;
}

/** A user row; verified unless told otherwise. */
export async function createUser(db: Database['db'], options: UserOptions = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      email: options.email ?? `user-${unique()}@example.com`,
      phoneNo: options.phone ?? `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      idNumber: `ID${unique()}`.toUpperCase(),
      passwordHash: await hashPassword(options.password ?? STRONG_PASSWORD),
      type: options.type ?? 'Individual',
      category: options.category ?? 'GRADUATE',
      isAdmin: options.isAdmin ?? false,
      isApprover: options.isApprover ?? false,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      profileId: options.profileId ?? null,
    })
    .returning();
  return { ...user, password: options.password ?? STRONG_PASSWORD };
}

export interface MemberOptions {
  memberNo?: string;
  idNumber?: string;
  email?: string | null;
  phone?: string | null;
  category?: string;
  firstName?: string;
  lastName?: string;
  /** Give the member a portal account too. */
  withUser?: boolean;
}

/** A registered member (profile with a member number and an Active membership), optionally with a user. */
export async function createMember(db: Database['db'], options: MemberOptions = {}) {
  const profileId = await nextNumber(db, 'profile', 'PR');
  const memberNo = options.memberNo ?? `M${unique()}`.toUpperCase();
  const [profile] = await db
    .insert(schema.profiles)
    .values({
      profileId,
      firstName: options.firstName ?? 'Amina',
      lastName: options.lastName ?? 'Odhiambo',
      secondName: 'Achieng',
      gender: 'Female',
      identificationDocumentNo: options.idNumber ?? `3${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      email: options.email === undefined ? `member-${unique()}@example.com` : options.email,
      phoneNo: options.phone === undefined ? '0712345678' : options.phone,
      memberNo,
      membershipType: options.category ?? 'PROFESSIONAL',
      discipline: 'CIVIL',
    })
    .returning();
  await db.insert(schema.memberships).values({
    profileId,
    memberNo,
    categoryCode: options.category ?? 'PROFESSIONAL',
    status: 'Active',
    registrationDate: '2015-01-01',
  });
  const user = options.withUser
    ? await createUser(db, { email: profile.email ?? undefined, profileId, category: profile.membershipType ?? undefined })
    : null;
  return { profile, user };
}

let ipCounter = 0;
/** A fresh client address, so per-address rate limits of one test do not spill into another. */
export function uniqueIp(): string {
  ipCounter++;
  return `172.16.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Signs in and answers the session's token. Staff are enrolled in a second factor on their first sign-in and give
 * a code on later ones (test/mfa.ts), so their session may do everything, step-up included.
 */
export async function signIn(t: TestApp, email: string, password = STRONG_PASSWORD, ip?: string): Promise<string> {
  const from = ip ?? uniqueIp();
  const response = await t.call('POST', '/api/auth/login', { body: { email, password }, ip: from });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  return completeSignIn(t, email.trim().toLowerCase(), response.body.data, from);
}
