/**
 * The API document (`/api/openapi.json`, decision 053): @fastify/swagger's options, with what the routes do not
 * say themselves filled in centrally, so no route can forget it:
 * - `operationId` from the method and the path (`POST /api/auth/login` → `postAuthLogin`): stable while the route
 *   is, unique (a clash throws when the document is built);
 * - `security` from the route's guard (shared/session.ts): the bearer scheme behind any guard, `[]` (public) otherwise;
 * - the 4xx answers the route can give, each the portal's `{message, errors}` body (shared/errors.ts);
 * - `servers` from PUBLIC_URL.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { SECTION_NAMES } from '@portal/contract';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { guardAnswers } from './session';

type Json = Record<string, unknown>;

/** The 4xx answers the document names, each a shared `components/responses` entry with the error body. */
export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'The request as sent is refused: a field failed its check (`errors` names each field with its messages), or a value ' +
      'holds what cannot be stored (NUL, a lone surrogate, more than 20,000 characters)',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Not signed in: the bearer token is missing, unknown or expired (sign in again); for a sign-in or a token check, ' +
      'the credentials or the token were not accepted',
  },
  403: {
    name: 'Forbidden',
    description:
      "Not allowed: the caller's role, the state of the account or the site's settings do not allow it; errors.mfa says " +
      'when staff must first enrol a second factor (`enrol`) or check one again (`step-up`)',
  },
  404: { name: 'NotFound', description: 'Nothing by that number or code, or nothing the caller may see' },
  409: { name: 'Conflict', description: 'Not in the current state of things: already done, already taken, or no longer allowed' },
  410: { name: 'Gone', description: 'The link has expired or a newer one replaced it: it no longer works' },
  413: { name: 'PayloadTooLarge', description: "The body is larger than this call takes (1 MB of JSON; a form's own limits)" },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is of a type this call does not take: JSON, or form data only where the call says so',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many tries in a short time (or two uploads already in progress): wait, then try again',
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;
const ERROR_STATUSES = Object.keys(ERROR_RESPONSES).map(Number) as ErrorStatus[];

/** The failure body of every call (shared/errors.ts; ../shared/docs/decisions.md). */
const errorSchema = {
  type: 'object',
  description: 'Every failure: the text a person should see, and the messages per field when fields are at fault',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words for the person using the portal' },
    errors: {
      type: 'object',
      description: 'Messages per field (`_` for the request as a whole); the first is also `message`',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};

/**
 * A profile section's additions, changes and removals name an entry (EntryNo) that may not be there; a second
 * contact of one type, the same specialization twice or the same referee twice is a 409 (profile/sections.ts).
 */
const sectionEntries = SECTION_NAMES.flatMap((section) => {
  const unique = ['contact', 'specialization', 'referee'].includes(section);
  const saves = [section, ...(section === 'referee' ? [`${section}/add`] : []), `${section}/update`];
  return [
    ...saves.map((path) => [`POST /api/profile/${path}`, unique ? [404, 409] : [404]] as const),
    [`POST /api/profile/${section}/remove`, [404]] as const,
  ];
});

/**
 * 4xx answers that a route's own code gives and its options do not show (its guard, form data and path parameters
 * do), by `METHOD /path` as the route is declared: what the services it calls throw (409 for a state that does not
 * allow it, 429 for the database-kept limits of shared/rate-limit.ts, 404 for a thing named in the body or query,
 * 401 for a failed sign-in, 410 for a spent referee link). The test (openapi.test.ts) fails on a key that names no
 * route.
 */
export const HANDLER_ERRORS: Record<string, readonly ErrorStatus[]> = {
  'POST /api/auth/login': [401, 429],
  'POST /api/auth/register': [403, 409, 429],
  'POST /api/auth/verify': [429],
  'POST /api/auth/verify-otp': [429],
  'GET /api/auth/send-otp': [429],
  'POST /api/auth/password-reset': [429],
  'POST /api/auth/password': [429],
  'POST /api/auth/activation': [404, 409, 429],
  'POST /api/auth/activation/activate': [409, 429],
  'GET /api/profile/search/member': [404, 429],
  'POST /api/auth/mfa/verify': [429],
  'POST /api/auth/mfa/totp/setup': [403, 409],
  'POST /api/auth/mfa/totp/enable': [403],
  'POST /api/auth/mfa/totp/remove': [403],
  'POST /api/auth/passkeys/register/options': [403, 429],
  'POST /api/auth/passkeys/register/verify': [403, 409],
  'POST /api/auth/passkeys/sign-in/options': [429],
  'POST /api/auth/passkeys/sign-in/verify': [429],
  'POST /api/auth/passkeys/:id/remove': [429],
  'POST /api/profile': [409],
  'POST /api/profile/update': [404],
  'POST /api/profile/firmBio': [404],
  'POST /api/profile/firmBio/update': [404],
  'POST /api/profile/referee/search': [404, 429],
  'POST /api/application/submit/otp': [404, 409, 429],
  'POST /api/application/submit': [404, 409, 429],
  'POST /api/admin/updateUser/:id': [409],
  'POST /api/admin/sendActivationLink': [404],
  'POST /api/admin/loginas': [404],
  'POST /api/admin/requirements': [409],
  'POST /api/admin/requirements/update': [404],
  'POST /api/admin/requirements/remove': [404],
  'GET /api/documents/verify/:documentNo': [429],
  'GET /api/questions': [404, 409, 410, 429],
  'POST /api/questions/update': [404, 409, 410, 429],
  'POST /api/profile/referee/send_email': [404, 409, 429],
  'POST /api/admin/applications/:code/status': [409],
  'POST /api/admin/applications/:code/return': [409],
  'GET /api/profile/search': [429],
  'GET /api/profile/search/show/:profileId': [429],
  'GET /api/profile/search/stats': [429],
  'GET /api/profile/search/photo/:profileId': [429],
  'POST /api/admin/members/import': [409],
  'POST /api/admin/billing/run': [409],
  'POST /api/admin/billing/payments': [404, 409],
  'POST /api/admin/billing/credit-notes': [404, 409],
  'POST /api/payments': [404, 409],
  'GET /api/profile/ledger': [404],
  'GET /api/billing/balance': [404],
  'GET /api/billing/pending': [404],
  'GET /api/billing/history': [404],
  'GET /api/subs': [404],
  'POST /api/subs/certificate': [404, 409],
  'GET /api/events/bookings/:bookingNo/ticket': [409],
  'POST /api/events/bookings/:bookingNo/cancel': [409],
  'POST /api/events/:no/book': [409],
  'POST /api/admin/events/:no': [409],
  'POST /api/admin/events/:no/logo': [409],
  'POST /api/admin/events/:no/publish': [409],
  'POST /api/admin/events/:no/cancel': [409],
  'POST /api/admin/events/:no/attendance': [409],
  'POST /api/admin/events/:no/close': [409],
  'GET /api/cpd/statement/:year': [409],
  'POST /api/cpd/activities/:id': [409],
  'POST /api/cpd/activities/:id/delete': [409],
  'POST /api/admin/cpd/activities/:id/accept': [409],
  'POST /api/admin/cpd/activities/:id/reject': [409],
  'POST /api/upgrade/submit': [404, 409],
  'POST /api/upgrade/upgrade-report': [404],
  'POST /api/upgrade/acceptance-letter': [404],
  'POST /api/license': [404, 409],
  'POST /api/license/update': [404, 409],
  'POST /api/admin/licenses/:licenseNo/status': [409],
  'POST /api/admin/project-url': [409],
  'POST /api/projects/token': [409, 429],
  'POST /api/projects/token/verify': [401, 429],
  'GET /api/admin/campaigns/:no': [404],
  'PUT /api/admin/campaigns/:no': [404, 409],
  'GET /api/admin/campaigns/:no/preview': [404],
  'GET /api/admin/campaigns/:no/recipients': [404],
  'POST /api/admin/campaigns/:no/send': [404, 409],
  'POST /api/admin/campaigns/:no/cancel': [404, 409],
  'POST /api/admin/campaigns/:no/test': [404],
  'POST /api/unsubscribe/:token': [404],
  'POST /api/sms/delivery': [403],
  'POST /api/sms/inbound': [403],
  'POST /api/ussd': [403],
  'POST /api/complaints': [413, 429],
  'POST /api/complaints/:reference/response': [409, 413],
  'POST /api/admin/complaints/:reference/stage': [409],
  'POST /api/admin/complaints/:reference/files': [413],
  'POST /api/admin/complaints/:reference/hearing': [409],
  'POST /api/admin/complaints/:reference/decision': [409],
  'POST /api/admin/complaints/:reference/reverse': [409],
  ...Object.fromEntries(sectionEntries),
};

/** Path parameters that only choose what is shown (an unknown category is an empty checklist), never a 404. */
export const PARAMS_NOT_LOOKED_UP = new Set([
  'GET /api/application/checklist/:membershipType',
  'GET /api/license/checklist/:category',
  'GET /api/upgrade/checklist/:category',
]);

/** `get`, `/api/profile/search/show/:profileId` → `getProfileSearchShowByProfileId`. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.match(/^(?::|\{)(\w+)\}?$/);
      if (param) return ['by', param[1]];
      return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** The route's hooks that guard it (shared/session.ts), as functions. */
function hooksOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) => (hook ? [hook].flat() : []));
}

/** What the route can answer with a 4xx, from what its options show and HANDLER_ERRORS. */
export function errorsOf(route: RouteOptions, url: string, schema: Json): ErrorStatus[] {
  const found = new Set<number>([400]); // the input guard checks every path, query and body value of every call
  for (const hook of hooksOf(route)) for (const status of guardAnswers.get(hook as object) ?? []) found.add(status);
  // A path parameter looks a thing up (404), unless it is one of a fixed list (then a wrong one is a 400).
  const method = [route.method].flat()[0];
  const params = (schema.params as { properties?: Record<string, Json> } | undefined)?.properties;
  const lookedUp = params ? Object.values(params).some((p) => !Array.isArray(p.enum)) : /[:{]/.test(url);
  if (lookedUp && !PARAMS_NOT_LOOKED_UP.has(`${method} ${url}`)) found.add(404);
  // Any body: past the 1 MB body limit (or a form's own limits), or of a type the route does not take.
  if (method !== 'GET' && method !== 'HEAD') {
    found.add(413);
    found.add(415);
  }
  // Form data (shared/uploads.ts): a member's third upload at once.
  if (route.config && 'form' in route.config && route.config.form) found.add(429);
  for (const status of HANDLER_ERRORS[`${method} ${url}`] ?? []) found.add(status);
  return ERROR_STATUSES.filter((status) => found.has(status));
}

/** `anyOf`/`oneOf` of one schema is that schema; `nullable` needs a `type` beside it (OpenAPI 3.0). */
function tidySchemas(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) tidySchemas(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Json;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (Array.isArray(members) && members.length === 1 && members[0] && typeof members[0] === 'object') {
      const only = members[0] as Json;
      if (Object.keys(only).every((k) => !(k in node) || k === key)) {
        delete node[key];
        Object.assign(node, only);
      }
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (node.nullable === true && node.type === undefined && Array.isArray(members)) {
      const types = new Set(members.map((m) => (m as Json).type));
      if (types.size === 1 && typeof [...types][0] === 'string') node.type = [...types][0];
    }
  }
  for (const child of Object.values(node)) tidySchemas(child);
}

/** The options of @fastify/swagger for this portal. */
export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  const errorsByOperation = new Map<string, ErrorStatus[]>();
  const seen = new Map<string, string>();
  return {
    openapi: {
      info: {
        title: 'Member portal API',
        version: '1.0.0',
        description:
          'Every success is `{data}`; every failure is `{message, errors}` (the `Error` schema). Signed-in calls send ' +
          '`Authorization: Bearer <token>`, the token that signing in answers.',
        license: { name: 'Proprietary: for the board and its members', url: `${config.publicUrl}/company/terms` },
      },
      servers: [{ url: config.publicUrl, description: 'This portal (PUBLIC_URL)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token that signing in answers' } } },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input) as { schema: Json; url: string };
      if (!schema || schema.hide) return { schema, url };
      const { route } = input;
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      if (methods.length !== 1) throw new Error(`${url}: one method per route in the API document (${methods.join(', ')})`);
      const operationId = (schema.operationId as string | undefined) ?? operationIdFor(methods[0], url);
      const where = `${methods[0]} ${url}`;
      const clash = seen.get(operationId);
      if (clash && clash !== where) throw new Error(`operationId ${operationId} names both ${clash} and ${where}`);
      seen.set(operationId, where);
      const guarded = hooksOf(route).some((hook) => guardAnswers.has(hook as object));
      errorsByOperation.set(operationId, errorsOf(route, url, schema));
      return { schema: { ...schema, operationId, security: guarded ? [{ bearer: [] }] : (schema.security ?? []) }, url };
    },
    transformObject: (input) => {
      const document = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Json;
      const used = new Set<ErrorStatus>();
      for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
        for (const operation of Object.values(item)) {
          const responses = operation.responses as Record<string, Json>;
          // A route's own 4xx schema (a body with more than the message) stays, with the shared wording.
          for (const [status, declared] of Object.entries(responses)) {
            const shared = ERROR_RESPONSES[Number(status) as ErrorStatus];
            if (shared && declared.description === 'Default Response') declared.description = shared.description;
          }
          for (const status of errorsByOperation.get(operation.operationId as string) ?? []) {
            if (responses[status]) continue;
            responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
            used.add(status);
          }
        }
      }
      tidySchemas(document.paths);
      const components = (document.components ?? {}) as Json;
      const responses: Json = {};
      for (const status of ERROR_STATUSES.filter((s) => used.has(s))) {
        const { name, description } = ERROR_RESPONSES[status];
        responses[name] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      }
      document.components = {
        ...components,
        schemas: { ...(components.schemas as Json), Error: errorSchema },
        responses: { ...(components.responses as Json), ...responses },
      };
      return document;
    },
  };
}
