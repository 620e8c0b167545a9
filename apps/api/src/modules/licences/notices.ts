import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

const WHAT: Record<string, string> = {
  Suspended: 'has been suspended',
  Revoked: 'has been revoked',
  Active: 'has been reinstated',
};

/** The holder hears of a suspension, revocation or reinstatement at the address on record, with the reason. */
export function licenceStatusNotice(
  config: Config,
  displayName: string,
  to: { email: string; firstName: string },
  licenseNo: string,
  status: string,
  reason: string,
): OutgoingMessage {
  return {
    channel: 'email',
    to: to.email,
    subject: `${displayName}: your practising licence ${licenseNo} ${WHAT[status] ?? `is now ${status}`}`,
    body: [
      `Dear ${to.firstName || 'member'},`,
      '',
      `Your practising licence ${licenseNo} ${WHAT[status] ?? `is now ${status}`}.`,
      `Reason: ${reason}`,
      status === 'Active' ? 'You may practise again under this licence.' : 'You may not practise under this licence while this holds.',
      '',
      `See your licences at ${config.publicUrl}/license`,
      '',
      displayName,
    ].join('\n'),
  };
}
