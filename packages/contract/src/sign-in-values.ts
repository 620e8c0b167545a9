/**
 * The sign-in page is rendered by the server and driven by a small script of the web app (decision 042): these are
 * the element ids both sides agree on.
 */
export const SIGN_IN_IDS = {
  form: 'sign-in-form',
  alert: 'sign-in-alert',
  email: 'sign-in-email',
  password: 'sign-in-password',
  showPassword: 'sign-in-show-password',
  botCheck: 'sign-in-bot-check',
  submit: 'sign-in-submit',
  /** Shown by the script where the browser can use passkeys. */
  passkeyRow: 'sign-in-passkey-row',
  passkey: 'sign-in-passkey',
} as const;

/** What a field's error line is called: the field's id with this suffix (aria-describedby points at it). */
export const FIELD_ERROR_SUFFIX = '-error';
