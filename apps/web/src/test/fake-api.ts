import { vi } from 'vitest';

/** A request the page made: method, path after /api/ with its query, and the JSON body. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown };
type Handler = (call: Call) => Answer | undefined;

/**
 * Stands in for the API in a page's tests: `handle` answers a call (undefined: 404), every call is kept
 * in `calls`. `vi.unstubAllGlobals()` takes it away.
 */
export function fakeApi(handle: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.replace(/^\/api\//, ''),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = handle(call) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
