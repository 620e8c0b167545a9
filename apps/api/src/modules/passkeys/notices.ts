import type { Config } from '../../config';
import { notice } from '../mfa/notices';

const ifNotYou = 'remove the passkey from Security and change your password, or ask an administrator for help.';

export const passkeyNotices = {
  added: (config: Config, email: string, displayName: string, name: string) =>
    notice(
      config,
      email,
      `A passkey was added to your ${displayName} portal account`,
      [
        `The passkey "${name}" was added to your member portal account. It signs in without your e-mail and password, and counts as your second factor.`,
      ],
      ifNotYou,
    ),
  removed: (config: Config, email: string, displayName: string, name: string) =>
    notice(
      config,
      email,
      `A passkey was removed from your ${displayName} portal account`,
      [`The passkey "${name}" was removed from your member portal account and no longer signs in.`],
      ifNotYou,
    ),
};
