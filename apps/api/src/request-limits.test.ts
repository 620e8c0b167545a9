import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

/**
 * Issue 11 §2: every text a request carries has its own maximum length. Walks the published OpenAPI document
 * (built from the routes' zod schemas) and lists every string in a path parameter, query parameter or JSON body
 * that has no `maxLength` and no `enum`/`const` to bound it. A `format` (date, uuid, email) or a `pattern` does not
 * count: the test asks for an explicit maximum. Form-data routes declare no body schema; their contract schemas
 * are checked in packages/contract/src/limits.test.ts.
 */

const t = await createTestApp();

type Schema = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

function isString(schema: Schema): boolean {
  const type = schema.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/** Every unbounded string inside `schema`, by where it sits (`field.sub[]`); `$ref`s resolved in `components`. */
function unboundedStrings(schema: unknown, where: string, components: Record<string, Schema>, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace(/^#\/components\/schemas\//, '');
    return unboundedStrings(components[name], where, components, seen);
  }
  const found: string[] = [];
  if (isString(s) && typeof s.maxLength !== 'number' && !Array.isArray(s.enum) && !('const' in s)) found.push(where || '(value)');
  const at = (key: string) => (where ? `${where}.${key}` : key);
  for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    found.push(...unboundedStrings(child, at(key), components, seen));
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    found.push(...unboundedStrings(s.additionalProperties, at('*'), components, seen));
  for (const key of ['items', 'not'] as const) found.push(...unboundedStrings(s[key], `${where}[]`, components, seen));
  if (Array.isArray(s.prefixItems)) for (const item of s.prefixItems) found.push(...unboundedStrings(item, `${where}[]`, components, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(s[key])) for (const option of s[key]) found.push(...unboundedStrings(option, where, components, seen));
  return [...new Set(found)];
}

interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

describe('request limits (issue 11 §2)', () => {
  it('the walker finds strings without a maximum, and accepts bounded ones', () => {
    const components = { Named: { type: 'string' } };
    const found = unboundedStrings(
      {
        type: 'object',
        properties: {
          bounded: { type: 'string', maxLength: 10 },
          choice: { type: 'string', enum: ['a'] },
          fixed: { const: 'x', type: 'string' },
          date: { type: 'string', format: 'date' },
          list: { type: 'array', items: { type: 'string' } },
          either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          nullable: { type: ['string', 'null'] },
          map: { type: 'object', additionalProperties: { type: 'string' } },
          named: { $ref: '#/components/schemas/Named' },
        },
      },
      '',
      components,
    );
    expect(found.sort()).toEqual(['date', 'either', 'list[]', 'map.*', 'named', 'nullable']);
  });

  it('every string of every path parameter, query parameter and JSON body has a maxLength', async () => {
    const { status, body } = await t.call('GET', '/api/openapi.json');
    expect(status).toBe(200);
    const components = (body.components?.schemas ?? {}) as Record<string, Schema>;
    const missing: string[] = [];
    let operations = 0;
    let checked = 0;
    for (const [path, item] of Object.entries(body.paths as Record<string, Record<string, Operation>>)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        operations++;
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path' && parameter.in !== 'query') continue;
          checked++;
          for (const field of unboundedStrings(parameter.schema, `${parameter.in}:${parameter.name}`, components))
            missing.push(`${where} -> ${field}`);
        }
        const json = operation.requestBody?.content?.['application/json']?.schema;
        if (json) {
          checked++;
          for (const field of unboundedStrings(json, 'body', components)) missing.push(`${where} -> ${field}`);
        }
      }
    }
    console.info(`request limits: ${operations} operations, ${checked} parameters and bodies, ${missing.length} strings without a maximum`);
    expect(operations).toBeGreaterThan(50);
    expect(checked).toBeGreaterThan(30);
    expect(missing, `strings without a maxLength:\n${missing.join('\n')}`).toEqual([]);
  });

  it('a 12 KB email is refused with its own message on sign-in and password reset', async () => {
    const email = `${'a'.repeat(12_000)}@example.com`;
    for (const [url, body] of [
      ['/api/auth/login', { email, password: 'whatever' }],
      ['/api/auth/password-reset', { email }],
    ] as const) {
      const response = await t.call('POST', url, { body });
      expect(response.status, url).toBe(400);
      expect(response.body.errors?.email, url).toContain('E-mail is too long');
    }
  });
});
