/**
 * Second factors (issue 25, decision 047): TOTP authenticator apps, passkeys and single-use recovery codes. Plain
 * values only (no zod), so the server-rendered sign-in page's script can use them.
 */
export const MFA_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** What `errors.mfa` holds on a 403: the staff account must enrol, or the action needs a fresh second-factor check. */
export const MFA_ENROL = 'enrol';
export const MFA_STEP_UP = 'step-up';

/** Minutes a second-factor check lasts for the actions that ask for one (log in as, settings, user management). */
export const STEP_UP_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;

export const mfaMessages = {
  enrolRequired: 'Staff accounts need a second factor. Set up an authenticator app or a passkey to go on.',
  stepUpRequired: 'Confirm it is you: use your passkey, or enter the code from your authenticator app, to go on.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeInvalid: 'That code is not right, or was used already. Enter the current code from your authenticator app.',
  signInExpired: 'This sign-in has expired. Sign in again with your e-mail and password.',
  noPendingSetup: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  alreadyEnrolled: 'An authenticator app is already set up for this account.',
  notEnrolled: 'No authenticator app is set up for this account.',
  passwordWrong: 'The password is not right',
  passwordRequired: 'Password is required',
  impersonated: 'A “log in as” session cannot change how the member signs in.',
  cannotResetOwn: 'You cannot reset your own second factor: ask another administrator.',
  reasonRequired: 'Give the reason for the reset',
  userNotFound: 'User not found',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  removed: 'The authenticator app was removed from this account.',
  reset: (email: string) => `The second factor of ${email} was reset: they set one up again at their next sign-in.`,
  recoveryRenewed: 'New recovery codes are ready: the old ones no longer work.',
} as const;
