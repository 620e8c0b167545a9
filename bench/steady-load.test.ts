import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { steadyLoad } from './steady-load';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers each request after `delayMs`, one at a time when `serial`, and counts what it saw. */
async function start(delayMs: number, serial: boolean) {
  const seen: string[] = [];
  let queue = Promise.resolve();
  const listening = createServer((request, response) => {
    seen.push(request.url ?? '');
    const answer = () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          response.statusCode = request.url === '/fail' ? 500 : 200;
          response.end('ok');
          resolve();
        }, delayMs),
      );
    if (serial) queue = queue.then(answer);
    else void answer();
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, seen };
}

describe('steadyLoad', () => {
  it('sends rate × duration requests on schedule, in turn over the paths, whatever the server is doing', async () => {
    const { url, seen } = await start(300, false);
    const started = performance.now();
    const result = await steadyLoad(url, ['/a', '/b', '/fail'], 50, 1);
    const elapsed = performance.now() - started;
    expect(seen).toHaveLength(50);
    expect(seen.slice(0, 4)).toEqual(['/a', '/b', '/fail', '/a']);
    // Open loop: 50 slow answers overlap instead of queuing behind each other (50 × 300 ms would be 15 s).
    expect(elapsed).toBeLessThan(3000);
    expect(result.p50).toBeGreaterThanOrEqual(295);
    expect(result.non2xx).toBe(16);
    expect(result.errors).toBe(0);
  });

  it('times each request from when it was due, so a server that queues them shows its queue', async () => {
    // 40 ms per request, one at a time, 50 due per second: the server falls behind by 10 ms on every request.
    const { url } = await start(40, true);
    const result = await steadyLoad(url, ['/'], 50, 1);
    expect(result.p50).toBeGreaterThan(150);
    expect(result.max).toBeGreaterThan(400);
    expect(result.p99).toBeLessThanOrEqual(result.max);
  });
});
