/** The plain values of passkeys.ts (constants, messages, small functions): importable without zod (decision 054). */

/**
 * Passkeys (WebAuthn, issue 25, decision 048). The browser's answers travel as the JSON that
 * `@simplewebauthn/browser` makes of them (base64url strings); the server checks them in full, so the schemas here
 * only bound their shape and size.
 */
export const passkeyMessages = {
  added: 'Passkey added: you can now sign in with it, without your e-mail and password.',
  removed: 'Passkey removed.',
  notFound: 'Passkey not found',
  alreadyAdded: 'This passkey is already added to your account.',
  notRecognised: 'This passkey is not registered with this portal. Sign in with your e-mail and password, then add it again.',
  failed: 'The passkey could not be checked. Try again, or sign in another way.',
  expired: 'This passkey request has expired. Try again.',
  cancelled: 'The passkey was not used: the request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  nameTooLong: 'Keep the name under 60 characters',
  stepUp: 'Use your passkey',
} as const;
