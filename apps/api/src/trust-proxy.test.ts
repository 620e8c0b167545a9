import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const t = await createTestApp({ trustProxyHops: 1 });

let attempt = 0;
async function loginVia(forwardedFor: string) {
  attempt++;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `nobody-${attempt}@example.com`, password: 'Wr0ng!Pass' },
    remoteAddress: '10.0.0.254', // the proxy
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return response.statusCode;
}

describe('behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  it('limits each visitor by the address the proxy forwards, not the proxy itself', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push(await loginVia('203.0.113.7'));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // Another visitor behind the same proxy is not limited by the first one's attempts.
    expect(await loginVia('198.51.100.20')).toBe(401);
  });
});
