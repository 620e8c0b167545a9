import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { ERROR_RESPONSES, HANDLER_ERRORS, operationIdFor, PARAMS_NOT_LOOKED_UP } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { enum?: unknown[] } }[];
  responses: Record<string, { $ref?: string; description?: string }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

// The document of the app as tests build it: every route, the development ones included.
const t = await createTestApp();
await t.app.ready();
const document = t.app.swagger() as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);
const where = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
/** `POST /api/x/:id` as the document writes it. */
const documented = (key: string) => key.replace(/:(\w+)/g, '{$1}');

describe('the API document (decision 053)', () => {
  it('names the portal at PUBLIC_URL as its server', () => {
    expect(t.config.publicUrl).toBe('http://portal.test');
    expect(document.servers?.map((s) => s.url)).toEqual(['http://portal.test']);
  });

  it('gives every operation a unique operationId, a summary, its security and at least one 4xx answer', () => {
    expect(operations.length).toBeGreaterThan(200);
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const o of operations) {
      const { operationId, summary, security, responses } = o.operation;
      if (!operationId) problems.push(`${where(o)}: no operationId`);
      else if (ids.has(operationId)) problems.push(`${where(o)}: operationId ${operationId} also names ${ids.get(operationId)}`);
      else ids.set(operationId, where(o));
      if (!summary?.trim()) problems.push(`${where(o)}: no summary`);
      if (!Array.isArray(security)) problems.push(`${where(o)}: no security`);
      const fourxx = Object.keys(responses).filter((status) => /^4\d\d$/.test(status));
      if (fourxx.length === 0) problems.push(`${where(o)}: no 4xx answer`);
      if (security?.length && !fourxx.includes('401')) problems.push(`${where(o)}: a bearer call without 401`);
    }
    expect(problems).toEqual([]);
  });

  it('derives operationIds from the method and the path alone', () => {
    expect(operationIdFor('POST', '/api/auth/login')).toBe('postAuthLogin');
    expect(operationIdFor('GET', '/api/profile/search/show/:profileId')).toBe('getProfileSearchShowByProfileId');
    expect(operationIdFor('GET', '/api/admin/cpd/compliance.csv')).toBe('getAdminCpdComplianceCsv');
    expect(operationIdFor('GET', '/api/license/good_standing_certificate/{memberNo}')).toBe('getLicenseGoodStandingCertificateByMemberNo');
    for (const o of operations) expect(o.operation.operationId, where(o)).toBe(operationIdFor(o.method, o.path));
  });

  it('answers every 4xx with the shared error body, or the route’s own', () => {
    const names = new Set(Object.values(ERROR_RESPONSES).map((r) => `#/components/responses/${r.name}`));
    for (const o of operations) {
      for (const [status, response] of Object.entries(o.operation.responses)) {
        if (!/^4/.test(status)) continue;
        if (response.$ref) expect(names, `${where(o)} ${status}`).toContain(response.$ref);
        else expect(response.description, `${where(o)} ${status}`).not.toBe('Default Response');
      }
    }
    expect(document.components.schemas?.Error).toMatchObject({ required: ['message'] });
    for (const ref of new Set(operations.flatMap((o) => Object.values(o.operation.responses).map((r) => r.$ref)))) {
      if (ref) expect(document.components.responses?.[ref.split('/').pop() as string], ref).toBeDefined();
    }
  });

  it('says 404 where a path names a thing, and nowhere that its table names no route', () => {
    const keys = new Set(operations.map(where));
    for (const key of [...Object.keys(HANDLER_ERRORS), ...PARAMS_NOT_LOOKED_UP]) expect(keys, key).toContain(documented(key));
    for (const o of operations) {
      // A parameter from a fixed list (setup/{name}) is checked against it: a wrong one is a 400.
      const byPath = o.operation.parameters?.some((p) => p.in === 'path' && !p.schema?.enum);
      const listed = PARAMS_NOT_LOOKED_UP.has(where(o).replace(/\{(\w+)\}/g, ':$1'));
      if (byPath && !listed) expect(o.operation.responses, where(o)).toHaveProperty('404');
      if (listed) expect(o.operation.responses, where(o)).not.toHaveProperty('404');
    }
  });

  it('marks as bearer calls exactly the calls that answer 401 without a token', async () => {
    const wrong: string[] = [];
    for (const o of operations) {
      // A path parameter of digits fits every route's parameter schema; no body, no query.
      const url = o.path.replace(/\{\w+\}/g, '1');
      const response = await t.app.inject({ method: o.method as 'GET' | 'POST', url, remoteAddress: '10.9.8.7' });
      const bearer = Boolean(o.operation.security?.length);
      // Public calls may still answer 401 for a failed sign-in (auth/login) or token check, never before their input.
      if (bearer !== (response.statusCode === 401) && !(response.statusCode === 401 && '401' in o.operation.responses)) {
        wrong.push(`${where(o)}: ${bearer ? 'bearer' : 'public'} but ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
