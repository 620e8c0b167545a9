import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/**
 * Structured JSON logs through Fastify's pino (decision 038). Every line a request writes carries its `reqId`;
 * what is logged of a request is its method, route pattern (or a path with its values masked), status and time:
 * never headers, bodies, query values or path values, which carry tokens (sign-in sessions, verification,
 * password-reset and referee links, OTPs).
 */

/** Where log lines go (pino's destination): stdout by default, a captured stream in tests. */
export interface LogStream {
  write(line: string): void;
}

/** An incoming X-Request-Id is kept when it is a short token of safe characters; anything else gets a UUID. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A path segment logged as it is: a lower-case word (the web app's paths: `verify`, `referee-response`), never a
 * value such as an id, a member number in base64 or a token, which have digits or capitals.
 */
const WORD = /^[a-z][a-z_.-]{0,39}$/;
/** A query key logged as it is: a short name (`memberNo`, `page`); its value never is. */
const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,23}$/;
const maskPath = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment === '' || WORD.test(segment) ? segment : ':value'))
    .join('/');

/**
 * The request's URL as it may be logged: the route pattern when a route matched (`/api/files/:id`), otherwise the
 * path with every non-word segment masked (`/verify/:value`); query keys only, values masked (`?user=*&code=*`).
 */
export function loggableUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const [path, query] = splitOnce(request.url, '?');
  const pattern = request.routeOptions?.url;
  const shown = pattern && !pattern.includes('*') ? pattern : maskPath(path);
  if (query === undefined) return shown;
  const keys = query
    .split('&')
    .map((pair) => splitOnce(pair, '=')[0])
    .filter(Boolean)
    .map((key) => `${KEY.test(key) ? key : ':key'}=*`);
  return keys.length ? `${shown}?${keys.join('&')}` : shown;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** drizzle's failed-query errors carry the query's parameters (an outbox body holds an OTP): never logged. */
const scrub = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams: [^\n]*/g, '\nparams: [not logged]') : undefined);

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message?: string;
  code?: unknown;
  statusCode?: unknown;
  stack?: string;
  cause?: SerializedError;
}

/** pino's error shape (type, message, stack, cause) without an error's other fields (drizzle's `params`). */
export function serializeError(error: unknown, depth = 0): SerializedError | undefined {
  if (!(error instanceof Error)) return error === undefined ? undefined : { type: typeof error, message: scrub(String(error)) };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: scrub(error.message),
    code,
    statusCode,
    stack: scrub(error.stack),
    cause: depth < 3 && error.cause !== undefined ? serializeError(error.cause, depth + 1) : undefined,
  };
}

/** Longest a log line waits in the buffer before it is written (a quiet instance's lines still show within this). */
const FLUSH_MS = 500;

/**
 * Standard output, buffered: lines are written 4 kB at a time or every FLUSH_MS, not with one system call each
 * (a synchronous write per line cost more CPU than the rest of a small request; issue 27). pino writes what is left
 * when the process exits.
 */
function bufferedStdout(): LogStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // not ready yet, or a write in progress: the next tick writes it
    }
  }, FLUSH_MS).unref();
  return destination;
}

/** Fastify's logger options: off unless LOG_LEVEL is set (or production), or `enabled` says otherwise. */
export function loggerOptions(config: Config, options: { enabled?: boolean; stream?: LogStream } = {}): FastifyServerOptions['logger'] {
  const enabled = options.enabled ?? (config.logLevel !== undefined || options.stream !== undefined);
  if (!enabled) return false;
  const level = config.logLevel ?? 'info';
  return {
    level,
    stream: options.stream ?? (level === 'silent' ? undefined : bufferedStdout()),
    // Only the form-data parser logs headers, at trace level: below debug, redaction looks at top-level fields only,
    // and its walk through every line's nested objects is not paid for.
    redact: level === 'debug' || level === 'trace' ? redaction : { paths: ['password', 'token'], censor: redaction.censor },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request),
        remoteAddress: request.ip,
      }),
      res: (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode }),
      err: (error: Error) => serializeError(error) as SerializedError & { message: string; stack: string },
    },
  };
}

/**
 * One line per request at `info`, when it has been answered: method, URL (as loggableUrl masks it), client, status
 * and time ("request completed", or "request errored" with the error). Fastify's own controller writes two lines
 * at info, one when the request arrives without its outcome; that line comes at `debug` here (issue 27: each line
 * costs CPU on every request).
 */
export class OneLinePerRequest extends LogController {
  incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The request serializer logs no headers; whatever else logs them, these values never leave the process. */
const redaction = {
  // @fastify/multipart logs busboy's options, the request's headers among them, at trace level.
  paths: [
    'headers.authorization',
    'headers.cookie',
    '*.headers.authorization',
    '*.headers.cookie',
    '*.headers["set-cookie"]',
    '*.*.headers.authorization',
    '*.*.headers.cookie',
    'password',
    'token',
  ],
  censor: '[redacted]',
};
