import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { type Database, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';

/**
 * Prometheus metrics of one app (decision 038): its own registry (never prom-client's global one, so apps built
 * side by side in tests do not collide), served at GET /metrics to internal scrapers or a bearer token.
 */
export interface AppMetrics {
  registry: Registry;
  /** A background job's run finished (shared/periodic.ts reports it). */
  jobSucceeded(job: string, at: Date): void;
  /** An M-Pesa callback was handled with this outcome (payment_callbacks.outcome). */
  mpesaCallback(outcome: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** How long a scrape waits for the database (the outbox backlog) before it reports the value as unknown. */
const SCRAPE_QUERY_MS = 2000;

export function createMetrics(database: Pick<Database, 'db' | 'poolStats'>): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const jobs = new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When each background job last finished a run without an error (Unix time).',
    labelNames: ['job'],
    registers: [registry],
  });
  const callbacks = new Counter({
    name: 'portal_mpesa_callbacks_total',
    help: 'M-Pesa STK callbacks handled by this instance, by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_outbox_pending_messages',
    help: 'Outbox messages (e-mail, SMS) waiting to be sent, read when scraped; NaN when the database did not answer.',
    registers: [registry],
    async collect() {
      try {
        const rows = await withTimeout(
          queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from outbox where status = 'pending'`),
          SCRAPE_QUERY_MS,
        );
        this.set(rows[0]?.n ?? 0);
      } catch {
        this.set(Number.NaN);
      }
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (s: { total: number; idle: number; waiting: number }) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool('portal_db_pool_connections', 'PostgreSQL connections open in this instance’s pool.', (s) => s.total);
    pool('portal_db_pool_idle_connections', 'Open PostgreSQL connections not in use.', (s) => s.idle);
    pool('portal_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection.', (s) => s.waiting);
  }

  return {
    registry,
    jobSucceeded: (job, at) => jobs.set({ job }, at.getTime() / 1000),
    mpesaCallback: (outcome) => callbacks.inc({ outcome }),
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Loopback and private addresses (RFC 1918, IPv6 unique-local): a scraper inside the deployment's network. */
const internal = new BlockList();
internal.addSubnet('127.0.0.0', 8, 'ipv4');
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');

export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return internal.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends `Authorization: Bearer <token>` (compared in constant
 * time), nobody else. Without: callers at an internal address. The address is Fastify's `request.ip`, which reads
 * X-Forwarded-For only from the TRUST_PROXY_HOPS trusted proxies, so a caller cannot name its own address; and
 * when no proxy is trusted, a request that came through one (it carries X-Forwarded-For or Forwarded) is refused,
 * since its real caller is unknown (the proxy's own private address would otherwise let everyone in).
 */
export function mayReadMetrics(request: FastifyRequest, config: Pick<Config, 'metricsToken' | 'trustProxyHops'>): boolean {
  if (config.metricsToken) {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1]), digest(config.metricsToken));
  }
  if (config.trustProxyHops === 0 && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)) {
    return false;
  }
  return isInternalAddress(request.ip);
}

/**
 * Counts every answer by method, route pattern (never the raw URL: unmatched paths are one label) and status, with
 * its latency; serves GET /metrics (not in the API reference). A caller who may not read it gets the same 404 as
 * any unknown path.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, config: Config) {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, config)) return reply.callNotFound();
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
