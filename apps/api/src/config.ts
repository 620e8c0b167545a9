import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type S3Settings, s3SettingsFromEnv } from './shared/s3-storage';
import { DEVELOPMENT_SECRET_KEY, parseSecretKey } from './shared/secret-box';

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
  /** Files in an S3 bucket instead of filesDir: STORAGE_URL=s3://bucket/prefix and S3_* (docs/storage.md). */
  s3?: S3Settings;
  databaseUrl?: string;
  /** Connections to PostgreSQL at most (DATABASE_POOL_SIZE; decision 027). */
  databasePoolSize: number;
  adminEmail: string;
  adminPassword: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  atApiKey?: string;
  atUsername?: string;
  atSenderId?: string;
  /** Africa's Talking's SMS and USSD callbacks carry `?token=` equal to this (AT_CALLBACK_TOKEN); unset, they are refused. */
  atCallbackToken?: string;
  /** Register checks by SMS and USSD per phone number per day (SMS_REGISTER_PER_DAY, 10; decision 059). */
  smsRegisterPerDay: number;
  botCheck: boolean;
  altchaHmacKey: string;
  seedDemo: boolean;
  webDist: string;
  /** Session lifetime limits, in minutes. */
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
  outboxPollMs: number;
  /** Campaign messages handed to the outbox per minute and channel (CAMPAIGN_EMAIL_PER_MINUTE, CAMPAIGN_SMS_PER_MINUTE). */
  campaignRatePerMinute: { email: number; sms: number };
  /** How often the reminder jobs (referees, subscriptions, CPD, licences) look for work (REMINDER_INTERVAL_MS; hourly). */
  reminderIntervalMs: number;
  /** How many proxies in front of the portal to trust for the client address (X-Forwarded-For); 0 = none. */
  trustProxyHops: number;
  /** Idle time before the inactivity logout when the setting is on (part 2 §9: 5 minutes). */
  inactivityTimeoutMs: number;
  /** Public register calls (search, card, stats) per client address per minute; photos get ten times as many. */
  searchRatePerMinute: number;
  /**
   * Bytes of form-data uploads this process takes in at once (declared lengths), past which it answers 503 with
   * Retry-After; each member (or address) has at most two uploads in flight (issue 24).
   */
  uploadBudgetBytes: number;
  /** How long before an event's start check-in opens (CHECK_IN_OPENS_MINUTES, 120). */
  checkInLeadMinutes: number;
  /** The VAT rate every charge's amount includes (VAT_RATE_PERCENT, 16: Kenya's standard rate); shown at checkout. */
  vatRatePercent: number;
  /** Seals the authenticator keys in the database (MFA_ENCRYPTION_KEY: 32 bytes, hex or base64; decision 047). */
  mfaKey: Buffer;
  /**
   * M-Pesa through Safaricom Daraja (decision 024). Without MPESA_BASE_URL the built-in sandbox plays Daraja
   * over real HTTP inside this process (not in production unless MPESA_SANDBOX=on).
   */
  mpesaBaseUrl?: string;
  mpesaConsumerKey: string;
  mpesaConsumerSecret: string;
  mpesaShortcode: string;
  mpesaPasskey: string;
  /** The built-in Daraja sandbox is mounted under /api/sandbox/daraja and used by the client. */
  mpesaSandbox: boolean;
  /** How long the sandbox waits before it "answers" the phone and sends the callback. */
  mpesaSandboxDelayMs: number;
  /** Pending pushes are queried (stkpushquery) once older than this, at most once per query interval. */
  mpesaQueryAfterSeconds: number;
  mpesaQueryIntervalMs: number;
  /** A push still unconfirmed after this long is marked expired. */
  mpesaExpireAfterSeconds: number;
  /** When set, only callbacks from these addresses are processed (others are kept, not acted on). */
  mpesaCallbackIps: string[];
  /** The built-in hosted card checkout (no real card gateway is wired in; decision 024). */
  cardSandbox: boolean;
  /** Signs the card sandbox's results. */
  cardSecret: string;
  /** JSON logs (pino) at this level: LOG_LEVEL, else 'info' in production; no logs otherwise (tests stay quiet). */
  logLevel?: LogLevel;
  /** Background jobs (outbox, reminders, payment recovery, CPD, licences) run in this instance; JOBS=off for web-only ones. */
  jobs: boolean;
  /** GET /metrics wants `Authorization: Bearer <METRICS_TOKEN>`; without a token only internal addresses may scrape. */
  metricsToken?: string;
  /** How long a SIGTERM waits for requests in flight and a running job step before it forces (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** TEST_SLOW_ROUTE=1 (never in production): GET /api/health/test-slow?ms=N, for the graceful-shutdown test. */
  testSlowRoute: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevelOf(value: string | undefined, nodeEnv: Config['env']): LogLevel | undefined {
  if (!value) return nodeEnv === 'production' ? 'info' : undefined;
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level as LogLevel;
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
    s3: s3SettingsFromEnv(env),
    databaseUrl: env.DATABASE_URL || undefined,
    // Twice this machine's cores, at least 4 (right when PostgreSQL runs beside the API; otherwise set it from the
    // database server's cores): more busy backends than it has cores only queue inside it (decision 027).
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? Math.max(4, availableParallelism() * 2)),
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@portal.test').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? 'Admin@2026',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Member Portal <no-reply@portal.test>',
    atApiKey: env.AT_API_KEY || undefined,
    atUsername: env.AT_USERNAME || undefined,
    atSenderId: env.AT_SENDER_ID || undefined,
    atCallbackToken: env.AT_CALLBACK_TOKEN || undefined,
    smsRegisterPerDay: Number(env.SMS_REGISTER_PER_DAY ?? 10),
    botCheck: nodeEnv === 'production' || env.BOT_CHECK === 'on',
    altchaHmacKey: env.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'off' : nodeEnv !== 'production',
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 60),
    sessionAbsoluteMinutes: Number(env.SESSION_ABSOLUTE_MINUTES ?? 12 * 60),
    outboxPollMs: Number(env.OUTBOX_POLL_MS ?? 2000),
    campaignRatePerMinute: {
      email: Number(env.CAMPAIGN_EMAIL_PER_MINUTE ?? 300),
      sms: Number(env.CAMPAIGN_SMS_PER_MINUTE ?? 100),
    },
    reminderIntervalMs: Number(env.REMINDER_INTERVAL_MS ?? 60 * 60 * 1000),
    trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
    inactivityTimeoutMs: Number(env.INACTIVITY_TIMEOUT_MS ?? 300_000),
    searchRatePerMinute: Number(env.SEARCH_RATE_PER_MINUTE ?? 120),
    uploadBudgetBytes: Number(env.UPLOAD_BUDGET_MB ?? 256) * 1024 * 1024,
    checkInLeadMinutes: Number(env.CHECK_IN_OPENS_MINUTES ?? 120),
    vatRatePercent: Number(env.VAT_RATE_PERCENT ?? 16),
    mfaKey: env.MFA_ENCRYPTION_KEY ? parseSecretKey(env.MFA_ENCRYPTION_KEY) : DEVELOPMENT_SECRET_KEY,
    mpesaBaseUrl: env.MPESA_BASE_URL ? env.MPESA_BASE_URL.replace(/\/$/, '') : undefined,
    mpesaConsumerKey: env.MPESA_CONSUMER_KEY ?? 'sandbox-consumer-key',
    mpesaConsumerSecret: env.MPESA_CONSUMER_SECRET ?? 'sandbox-consumer-secret',
    // Daraja's public sandbox shortcode and passkey (developer.safaricom.co.ke).
    mpesaShortcode: env.MPESA_SHORTCODE ?? '174379',
    mpesaPasskey: env.MPESA_PASSKEY ?? 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
    mpesaSandbox: !env.MPESA_BASE_URL && (nodeEnv !== 'production' || env.MPESA_SANDBOX === 'on'),
    mpesaSandboxDelayMs: Number(env.MPESA_SANDBOX_DELAY_MS ?? 4000),
    mpesaQueryAfterSeconds: Number(env.MPESA_QUERY_AFTER_SECONDS ?? 45),
    mpesaQueryIntervalMs: Number(env.MPESA_QUERY_INTERVAL_MS ?? 30_000),
    mpesaExpireAfterSeconds: Number(env.MPESA_EXPIRE_AFTER_SECONDS ?? 600),
    mpesaCallbackIps: (env.MPESA_CALLBACK_IPS ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    cardSandbox: nodeEnv !== 'production' || env.CARD_SANDBOX === 'on',
    cardSecret: env.CARD_SANDBOX_SECRET ?? randomBytes(32).toString('hex'),
    logLevel: logLevelOf(env.LOG_LEVEL, nodeEnv),
    jobs: env.JOBS !== 'off',
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    testSlowRoute: env.TEST_SLOW_ROUTE === '1' && nodeEnv !== 'production',
    ...overrides,
  };
  if (config.env === 'production' && !env.ALTCHA_HMAC_KEY) {
    throw new Error('ALTCHA_HMAC_KEY must be set in production');
  }
  // The development key is public: production seals the authenticator keys with its own (decision 047).
  if (config.env === 'production' && !env.MFA_ENCRYPTION_KEY) throw new Error('MFA_ENCRYPTION_KEY must be set in production');
  // A random key per process would refuse, on another instance, a card result this one signed (decision 039).
  if (config.env === 'production' && config.cardSandbox && !env.CARD_SANDBOX_SECRET) {
    throw new Error('CARD_SANDBOX_SECRET must be set with CARD_SANDBOX=on in production');
  }
  if (config.mpesaBaseUrl && config.env === 'production' && (!env.MPESA_CONSUMER_KEY || !env.MPESA_CONSUMER_SECRET || !env.MPESA_PASSKEY)) {
    throw new Error('MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET and MPESA_PASSKEY must be set with MPESA_BASE_URL in production');
  }
  return config;
}
