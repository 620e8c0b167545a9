import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

/** The e-mails every change of a second factor (app, recovery codes, passkeys) sends to the address on record (issue 25). */
export function notice(
  config: Config,
  email: string,
  subject: string,
  lines: string[],
  ifNotYou = 'change your password, or ask an administrator for help.',
): OutgoingMessage {
  return {
    channel: 'email',
    to: email,
    subject,
    body: ['Hello,', '', ...lines, '', `If this was not you, sign in at ${config.publicUrl} and ${ifNotYou}`].join('\n'),
  };
}

export const mfaNotices = {
  enabled: (config: Config, email: string, displayName: string) =>
    notice(config, email, `Two-step sign-in is on for your ${displayName} portal account`, [
      'An authenticator app was set up for your member portal account. Signing in now asks for its code as well as your password.',
    ]),
  removed: (config: Config, email: string, displayName: string, passkeyLeft: boolean) =>
    passkeyLeft
      ? notice(config, email, `The authenticator app was removed from your ${displayName} portal account`, [
          'The authenticator app of your member portal account was removed. Your passkeys still sign you in.',
        ])
      : notice(config, email, `Two-step sign-in was turned off on your ${displayName} portal account`, [
          'The authenticator app and recovery codes of your member portal account were removed. Signing in now asks for your password only.',
        ]),
  reset: (config: Config, email: string, displayName: string, by: string, reason: string) =>
    notice(config, email, `Your ${displayName} portal second factor was reset`, [
      `${by} reset the second factor of your member portal account, giving this reason: ${reason}`,
      'Set up an authenticator app again at your next sign-in.',
    ]),
  recoveryCodeUsed: (config: Config, email: string, displayName: string, left: number) =>
    notice(config, email, `A recovery code was used on your ${displayName} portal account`, [
      `A recovery code was used to sign in to your member portal account. ${left} of your recovery codes are left.`,
    ]),
};
