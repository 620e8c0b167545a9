import { messages, profileMessages } from '@portal/contract';
import { isDatabaseUnavailable, sqlState } from '@portal/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodType, type z } from 'zod';

/** An error whose message a person should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const tooManyFiles = 'Too many files in one request';

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, errors?: Record<string, string[]>) => new HttpError(403, message, errors);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new HttpError(409, message, errors);

function fieldErrors(issues: { path: string; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path || '_';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', errors: fieldErrors(issues) });
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', errors: fieldErrors(issues) });
    }
    // @fastify/multipart stops reading a file past its fileSize limit: the spec's attachment message.
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: profileMessages.attachmentTooLarge, errors: { file: [profileMessages.attachmentTooLarge] } });
    }
    if (error.code === 'FST_FILES_LIMIT') return reply.status(413).send({ message: tooManyFiles, errors: { file: [tooManyFiles] } });
    // The database went away (restart, failover, a dropped connection): this request fails, the process stays.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: messages.serviceUnavailable });
    }
    // A value PostgreSQL refused as data (class 22: bad encoding, out of range, malformed) came from the request.
    // Input checks should have stopped it first; this keeps the answer a 4xx if one was missed.
    const state = sqlState(error);
    if (state?.startsWith('22') || state === '54000') {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ message: messages.unacceptableValue });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}

/**
 * Collects field messages (schema issues and file checks alike) so one 400 lists them all, the first as its
 * `message`: the browser shows every message of a form in one dialog (part 1 §5).
 */
export class Problems {
  readonly errors: Record<string, string[]> = {};

  add(field: string, message: string) {
    this.errors[field] ??= [];
    if (!this.errors[field].includes(message)) this.errors[field].push(message);
  }

  /** The parsed value, or undefined with the schema's messages recorded. */
  parse<S extends ZodType>(schema: S, input: unknown): z.output<S> | undefined {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) this.add(issue.path.join('.') || '_', issue.message);
    return undefined;
  }

  throwIfAny() {
    const first = Object.values(this.errors)[0]?.[0];
    if (first) throw badRequest(first, this.errors);
  }
}
