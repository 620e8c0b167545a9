import { clearSession, readImpersonation, readSession, restoreAdminSession } from '../session/session-storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Listeners told when the server ends the session (any 401 on a signed-in call). */
const sessionEndedListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void) {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Pulls the person-facing text out of a server message. A message carrying a correlation-id
 * marker has its text inside embedded JSON, trimmed before the colon and the marker (part 1 §8).
 */
export function readableMessage(message: string): string {
  const marker = message.indexOf('CorrelationId');
  if (marker === -1) return message;
  const jsonStart = message.indexOf('{');
  if (jsonStart !== -1) {
    try {
      const inner = JSON.parse(message.slice(jsonStart, message.lastIndexOf('}') + 1)) as {
        message?: string;
        error?: { message?: string };
      };
      const text = inner.error?.message ?? inner.message;
      if (text) return text.split(':')[0].split('CorrelationId')[0].trim();
    } catch {
      // fall through to the plain trim
    }
  }
  return message.slice(0, marker).split(':')[0].trim();
}

/** What a 403 for a second factor asks (its errors.mfa): the staff account must enrol, or a fresh check. */
export type SecondFactorNeed = 'enrol' | 'step-up';
/** Answers true when the need was met (a code was checked) and the call may be sent again. */
type SecondFactorHandler = (need: SecondFactorNeed) => Promise<boolean>;
let secondFactorHandler: SecondFactorHandler | null = null;

/** The web app's answer to a second-factor 403 (decision 047): the enrolment page, or the step-up dialog. */
export function onSecondFactorNeeded(handler: SecondFactorHandler) {
  secondFactorHandler = handler;
  return () => {
    if (secondFactorHandler === handler) secondFactorHandler = null;
  };
}

async function request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  return (await exchange<T>(method, path, body, retried)).data;
}

/** A call's answer whole: its `data` and the server's `message` (e.g. 'Test sent to …'). */
export interface Answer<T> {
  data: T;
  message: string | undefined;
}

async function exchange<T>(method: string, path: string, body?: unknown, retried = false): Promise<Answer<T>> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const json = (await response.json().catch(() => null)) as { data?: T; message?: string; errors?: Record<string, string[]> } | null;
  if (!response.ok) {
    if (response.status === 401 && session) {
      // A "log in as" session that ended hands back to the administrator's own session.
      if (readImpersonation()) restoreAdminSession();
      else clearSession();
      for (const listener of sessionEndedListeners) listener();
    }
    const need = json?.errors?.mfa?.[0];
    if (response.status === 403 && (need === 'enrol' || need === 'step-up') && secondFactorHandler && !retried) {
      // A step-up that succeeded sends the same call again, once.
      if ((await secondFactorHandler(need)) && need === 'step-up') return exchange<T>(method, path, body, true);
    }
    throw new ApiError(
      response.status,
      readableMessage(json?.message ?? `Request failed (${response.status})`),
      json?.errors,
      json ?? undefined,
    );
  }
  return { data: json?.data as T, message: json?.message };
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  /** A POST whose server message is wanted too. */
  postForMessage: <T>(path: string, body?: unknown) => exchange<T>('POST', path, body ?? {}),
};
