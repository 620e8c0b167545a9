import { ApiError } from '../api/client';

/** A refused form's messages per field (the server's `errors`): the first message of each field, to `apply`. */
export function eachFieldError(error: unknown, apply: (field: string, message: string) => void) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, list] of Object.entries(error.errors)) apply(field, list[0]);
}
