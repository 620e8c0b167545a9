import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

/** The e-mails a change of passkeys sends to the address on record (issue 25). */
function notice(config: Config, email: string, subject: string, line: string): OutgoingMessage {
  return {
    channel: 'email',
    to: email,
    subject,
    body: [
      'Hello,',
      '',
      line,
      '',
      `If this was not you, sign in at ${config.publicUrl}, remove the passkey from Security and change your password, or ask an administrator for help.`,
    ].join('\n'),
  };
}

export const passkeyNotices = {
  added: (config: Config, email: string, displayName: string, name: string) =>
    notice(
      config,
      email,
      `A passkey was added to your ${displayName} portal account`,
      `The passkey "${name}" was added to your member portal account. It signs in without your e-mail and password, and counts as your second factor.`,
    ),
  removed: (config: Config, email: string, displayName: string, name: string) =>
    notice(
      config,
      email,
      `A passkey was removed from your ${displayName} portal account`,
      `The passkey "${name}" was removed from your member portal account and no longer signs in.`,
    ),
};
