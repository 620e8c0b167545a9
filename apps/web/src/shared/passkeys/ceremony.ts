import { passkeyMessages, type WebAuthnOptions } from '@portal/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { ApiError } from '../api/client';

/**
 * The browser's half of passkeys (decision 048): `@simplewebauthn/browser` turns the server's JSON options into
 * `navigator.credentials` calls and their answers back into JSON. It is loaded only when a passkey is used, so the
 * sign-in page stays small. No React or MUI here: the server-rendered sign-in page's script uses it too.
 */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** `navigator.credentials.create()` with the server's options: a new passkey. */
export async function createPasskey(options: WebAuthnOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

/** `navigator.credentials.get()` with the server's options: a passkey signs the challenge. */
export async function assertPasskey(options: WebAuthnOptions): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as never });
}

/** What to tell the person when a passkey step failed: the server's message, or what the browser's error means. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.errors?.password?.[0] ?? error.message;
  const { name, cause, code } = (error ?? {}) as { name?: string; cause?: { name?: string }; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || cause?.name === 'InvalidStateError') return passkeyMessages.alreadyAdded;
  if (name === 'NotAllowedError' || cause?.name === 'NotAllowedError' || name === 'AbortError') return passkeyMessages.cancelled;
  if (!passkeysSupported()) return passkeyMessages.unsupported;
  return error instanceof Error ? error.message : passkeyMessages.failed;
}
