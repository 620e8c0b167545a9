/** What other modules may use from the auth module. */

export { consumeOwnedCode, issueCode, RESEND_WAIT_SECONDS, secondsSinceLastCode } from './codes';
export { sendResetLink } from './passwords';
