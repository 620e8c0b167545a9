import { messages } from '@portal/contract';
import { queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { successCallback } from '../../test/fake-daraja';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueue } from '../modules/outbox/outbox';
import { isInternalAddress } from './metrics';

const t = await createTestApp();
const METRICS_TOKEN = 'scrape-token-0f3c9a7e5b1d';
const withToken = await createTestApp({ metricsToken: METRICS_TOKEN });
const behindProxy = await createTestApp({ trustProxyHops: 1 });

async function scrape(app: TestApp, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers,
  });
  return { status: response.statusCode, text: response.body, headers: response.headers };
}

/** The value of one sample in Prometheus text format; undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const notFoundBody = { message: `${messages.notFound}: GET /metrics` };

describe('GET /metrics: what it reports', () => {
  it('serves the default process metrics in Prometheus text format to a loopback caller', async () => {
    const response = await scrape(t);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(sample(response.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(response.text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by method, route pattern and status, never by raw URL', async () => {
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/files/secret-file-id-4711');
    await t.call('GET', '/api/no-such-route-8842');
    const { text } = await scrape(t);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(2);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: '/api/files/:id', status_code: '401' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(2);
    expect(sample(text, 'portal_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(2);
    expect(text).not.toContain('secret-file-id-4711');
    expect(text).not.toContain('no-such-route-8842');
  });

  it('reports the outbox backlog read when scraped', async () => {
    await enqueue(t.db, { channel: 'email', to: 'backlog@example.com', subject: 'Hello', body: 'One' });
    await enqueue(t.db, { channel: 'sms', to: '254700000001', body: 'Two' });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox where status = 'pending'`);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(sample((await scrape(t)).text, 'portal_outbox_pending_messages')).toBe(n);
    await t.db.execute(sql`update outbox set status = 'sent' where "to" = 'backlog@example.com'`);
    expect(sample((await scrape(t)).text, 'portal_outbox_pending_messages')).toBe(n - 1);
  });

  it('reports the database pool on PostgreSQL, and no pool on PGlite', async () => {
    const { text } = await scrape(t);
    if (process.env.DB_KIND === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool_');
    }
  });

  it('counts M-Pesa callbacks by outcome', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/payments/mpesa/callback', payload: payload as object, remoteAddress: '196.201.214.200' });
    expect((await post({ not: 'a callback' })).statusCode).toBe(200);
    expect((await post(successCallback({ checkoutRequestId: 'ws_CO_unknown_1', amount: 10, receipt: 'SBX0000001' }))).statusCode).toBe(200);
    expect((await post(successCallback({ checkoutRequestId: 'ws_CO_unknown_2', amount: 10, receipt: 'SBX0000002' }))).statusCode).toBe(200);
    const { text } = await scrape(t);
    expect(sample(text, 'portal_mpesa_callbacks_total', { outcome: 'invalid' })).toBe(1);
    expect(sample(text, 'portal_mpesa_callbacks_total', { outcome: 'unknown' })).toBe(2);
  });

  it("reports a job's last success time once the job reports it", async () => {
    const at = new Date('2026-03-01T08:00:00Z');
    t.app.metrics.jobSucceeded('outbox', at);
    expect(sample((await scrape(t)).text, 'portal_job_last_success_timestamp_seconds', { job: 'outbox' })).toBe(at.getTime() / 1000);
  });

  it('keeps each app’s numbers in its own registry', async () => {
    await withToken.call('GET', '/api/health/live');
    const mine = await scrape(withToken, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(sample(mine.text, 'portal_http_requests_total', { route: '/api/health/live' })).toBe(1);
    expect(sample(mine.text, 'portal_http_requests_total', { route: '/api/health', status_code: '200' })).toBeUndefined();
    expect(sample(mine.text, 'portal_mpesa_callbacks_total', { outcome: 'unknown' })).toBeUndefined();
  });

  it('is not in the API reference', async () => {
    const spec = await t.call('GET', '/api/openapi.json');
    expect(Object.keys(spec.body.paths)).not.toContain('/metrics');
    expect(JSON.stringify(spec.body)).not.toContain('/metrics');
  });
});

describe('GET /metrics: who may read it', () => {
  it('without METRICS_TOKEN: loopback and private addresses may, public ones get the 404 of any unknown path', async () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.20.3.4', '192.168.1.10', '::1', '::ffff:10.1.2.3', 'fd12:3456::1']) {
      expect((await scrape(t, { ip })).status, ip).toBe(200);
    }
    for (const ip of ['203.0.113.5', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:203.0.113.5']) {
      const response = await scrape(t, { ip });
      expect(response.status, ip).toBe(404);
      expect(JSON.parse(response.text), ip).toEqual(notFoundBody);
    }
  });

  it('without a trusted proxy, X-Forwarded-For cannot make a caller internal, and a proxied request is refused', async () => {
    expect((await scrape(t, { ip: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
    // A proxy on the private network forwarding a request from outside: the real caller is unknown.
    expect((await scrape(t, { ip: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(404);
    expect((await scrape(t, { ip: '10.0.0.2', headers: { forwarded: 'for=127.0.0.1' } })).status).toBe(404);
  });

  it('behind one trusted proxy (TRUST_PROXY_HOPS=1), the address the proxy saw decides; entries the caller wrote do not', async () => {
    const viaProxy = (forwardedFor: string) => scrape(behindProxy, { ip: '10.0.0.254', headers: { 'x-forwarded-for': forwardedFor } });
    expect((await viaProxy('203.0.113.9')).status).toBe(404);
    // The caller wrote "127.0.0.1"; the proxy appended the address it really saw.
    expect((await viaProxy('127.0.0.1, 203.0.113.9')).status).toBe(404);
    expect((await viaProxy('10.1.2.3')).status).toBe(200);
  });

  it('with METRICS_TOKEN: only the bearer of the token, whatever the address', async () => {
    expect((await scrape(withToken, { ip: '127.0.0.1' })).status).toBe(404);
    expect((await scrape(withToken, { ip: '10.0.0.1', headers: { authorization: 'Bearer wrong-token' } })).status).toBe(404);
    expect((await scrape(withToken, { ip: '10.0.0.1', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(404);
    expect((await scrape(withToken, { ip: '10.0.0.1', headers: { authorization: METRICS_TOKEN } })).status).toBe(404);
    const ok = await scrape(withToken, { ip: '203.0.113.5', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('portal_http_requests_total');
  });

  it('isInternalAddress reads IPv4, IPv6 and IPv4-mapped forms, and nothing else', () => {
    expect(isInternalAddress('127.0.0.1')).toBe(true);
    expect(isInternalAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isInternalAddress('100.64.0.1')).toBe(false);
    expect(isInternalAddress('not an address')).toBe(false);
    expect(isInternalAddress(undefined)).toBe(false);
  });
});
