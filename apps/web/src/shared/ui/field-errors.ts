import { ApiError } from '../api/client';

/** A refused form's messages per field (the server's `errors`): the first message of each field, to `apply`. */
export function eachFieldError(error: unknown, apply: (field: string, message: string) => void) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, list] of Object.entries(error.errors)) apply(field, list[0]);
}

/** The server's message for one field of a refused form, else its message (else the error as text). */
export function fieldMessage(error: unknown, field: string): string {
  if (error instanceof ApiError) return error.errors?.[field]?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
