import { encodeBase64, formatKes, fromCents } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { organisationName } from '../../shared/organisation';
import { enqueue } from '../outbox/outbox';

const { users, profiles } = schema;

const methodNames: Record<string, string> = { MPESA: 'M-Pesa', CARD: 'card' };

export interface ReceiptNotice {
  profileId: string;
  provider: string;
  amountCents: number;
  invoiceNo: string;
  description: string;
  receiptNo: string;
  reference: string;
}

/**
 * Emails the member that their payment was received, in the posting transaction (so a rolled-back posting sends
 * nothing). An update, so only when the member keeps email updates on (decision 014).
 */
export async function queueReceiptNotice(tx: Db, config: Config, notice: ReceiptNotice): Promise<void> {
  const [target] = await tx
    .select({ email: users.email, emailUpdates: users.emailUpdates, firstName: profiles.firstName })
    .from(users)
    .innerJoin(profiles, eq(profiles.profileId, users.profileId))
    .where(eq(users.profileId, notice.profileId));
  if (target?.emailUpdates !== 1) return;
  const displayName = await organisationName(tx);
  const amount = formatKes(fromCents(notice.amountCents));
  await enqueue(tx, {
    channel: 'email',
    to: target.email,
    subject: `Payment received: receipt ${notice.receiptNo}`,
    body: [
      `Dear ${target.firstName ?? 'member'},`,
      '',
      `We have received your ${methodNames[notice.provider] ?? notice.provider} payment of ${amount} (reference ${notice.reference}) for invoice ${notice.invoiceNo}, ${notice.description}.`,
      `Your receipt number is ${notice.receiptNo}.`,
      '',
      `See the receipt at ${config.publicUrl}/billing/receipt/${encodeURIComponent(encodeBase64(notice.receiptNo))}`,
      '',
      displayName,
    ].join('\n'),
  });
}
