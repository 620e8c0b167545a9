import { formatKes } from '@portal/contract';
import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

/** The confirmation of the member's own action: sent whatever the notification preferences say. */
export const upgradeNotices = {
  submitted: (config: Config, email: string, code: string, toCategory: string, amount: number): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Upgrade application ${code} received`,
    body: [
      'Hello,',
      '',
      `We have received your application ${code} to upgrade to ${toCategory}.`,
      amount > 0 ? `The upgrade fee of ${formatKes(amount)} is on your statement; the review starts once it is paid.` : '',
      '',
      `Follow it at ${config.publicUrl}/upgrade`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  }),
};
