import { isStorableText, messages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * The longest text any single value of a request may carry. Each contract schema sets its own, tighter, maximum;
 * this bound holds for routes whose schema does not (form data, free JSON) and for values no schema reads.
 */
export const MAX_TEXT_LENGTH = 20_000;
/** Deeper than this, a request body is not something the portal ever sends. */
const MAX_DEPTH = 32;

type Problem = 'characters' | 'length' | 'depth';

/** The first reason `value` cannot be stored as text, with where it sits ('' for the value itself). */
export function textProblem(value: unknown, path = '', depth = 0): { path: string; problem: Problem } | null {
  if (typeof value === 'string') {
    if (!isStorableText(value)) return { path, problem: 'characters' };
    if (value.length > MAX_TEXT_LENGTH) return { path, problem: 'length' };
    return null;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return { path, problem: 'depth' };
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return { path: at, problem: 'characters' };
    const found = textProblem(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

const messageOf: Record<Problem, string> = {
  characters: messages.forbiddenCharacters,
  length: messages.valueTooLong,
  depth: messages.nestedTooDeep,
};

/**
 * Refuses, with a 400 naming the field, any path parameter, query value or body value holding NUL, a lone
 * surrogate or an absurd length, before any route sees it: such text can only fail later, in PostgreSQL.
 * Runs after form data has been read into the body.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = textProblem(part);
      if (found) {
        const message = messageOf[found.problem];
        return done(new HttpError(400, message, { [found.path || '_']: [message] }));
      }
    }
    done();
  });
}
