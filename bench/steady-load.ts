/**
 * Open-loop load at a steady rate: one request every 1000/rate ms, whatever the server is doing, each timed from
 * the moment it was due (not from when a free connection picked it up), so a slow server cannot hide its queue
 * (no coordinated omission): "200 requests per second" as a steady stream of visitors makes it.
 *
 * autocannon's `overallRate` is a per-connection quota that resets every second: each of its connections sends its
 * share back to back at the start of the second and then waits, so 200 req/s arrives as a burst of 200 requests
 * 20 at a time. The bench runs both, and the target must hold for both (decision 027).
 */
import http from 'node:http';

export interface SteadyResult {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  reqPerSec: number;
  bytesPerSec: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Sends GET `paths` (in turn) to `url` at `rate` requests per second for `durationSeconds`, over keep-alive connections. */
export async function steadyLoad(url: string, paths: string[], rate: number, durationSeconds: number): Promise<SteadyResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationSeconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();

  const send = (path: string, due: number) => {
    const done = new Promise<void>((resolve) => {
      const request = http.get({ host: target.hostname, port: target.port, path, agent, timeout: 10_000 }, (response) => {
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx++;
          resolve();
        });
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors++;
        resolve();
      });
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };

  const started = performance.now();
  while (sent < total) {
    const now = performance.now();
    // Every request that is due by now goes out now, timed from when it was due.
    while (sent < total && started + sent * interval <= now) {
      send(paths[sent % paths.length], started + sent * interval);
      sent++;
    }
    const nextDue = started + sent * interval;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - performance.now())));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    reqPerSec: latencies.length / Math.max(elapsed, durationSeconds),
    bytesPerSec: bytes / Math.max(elapsed, durationSeconds),
    non2xx,
    errors,
  };
}
