import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Everything the portal keeps on disk: the embedded database in db/, uploads in files/. */
  dataDir: string;
  /** Where PGlite keeps its files (inside DATA_DIR, beside the uploads, never mixed with them). */
  databaseDir: string;
  /** Where uploaded files are kept: a folder, or `memory://` (the default when DATA_DIR is in memory). */
  filesDir: string;
  databaseUrl?: string;
  adminEmail: string;
  adminPassword: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  atApiKey?: string;
  atUsername?: string;
  atSenderId?: string;
  botCheck: boolean;
  altchaHmacKey: string;
  seedDemo: boolean;
  webDist: string;
  /** Session lifetime limits, in minutes. */
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
  outboxPollMs: number;
  /** How many proxies in front of the portal to trust for the client address (X-Forwarded-For); 0 = none. */
  trustProxyHops: number;
  /** Idle time before the inactivity logout when the setting is on (part 2 §9: 5 minutes). */
  inactivityTimeoutMs: number;
  /** Public register calls (search, card, stats) per client address per minute; photos get ten times as many. */
  searchRatePerMinute: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(env.DATA_DIR ?? './data');
  const config: Config = {
    env: nodeEnv,
    port,
    host,
    dataDir,
    databaseDir: dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'db'),
    filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : dataDir.startsWith('memory://') ? 'memory://' : path.join(dataDir, 'files'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@portal.test').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? 'Admin@2026',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Member Portal <no-reply@portal.test>',
    atApiKey: env.AT_API_KEY || undefined,
    atUsername: env.AT_USERNAME || undefined,
    atSenderId: env.AT_SENDER_ID || undefined,
    botCheck: nodeEnv === 'production' || env.BOT_CHECK === 'on',
    altchaHmacKey: env.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'off' : nodeEnv !== 'production',
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 60),
    sessionAbsoluteMinutes: Number(env.SESSION_ABSOLUTE_MINUTES ?? 12 * 60),
    outboxPollMs: Number(env.OUTBOX_POLL_MS ?? 2000),
    trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
    inactivityTimeoutMs: Number(env.INACTIVITY_TIMEOUT_MS ?? 300_000),
    searchRatePerMinute: Number(env.SEARCH_RATE_PER_MINUTE ?? 120),
    ...overrides,
  };
  if (config.env === 'production' && !env.ALTCHA_HMAC_KEY) {
    throw new Error('ALTCHA_HMAC_KEY must be set in production');
  }
  return config;
}
