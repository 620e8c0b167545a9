import { ALL_DUE, encodeBase64, formatKes, fromCents } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { organisationName } from '../../shared/organisation';
import type { Allocation } from '../billing/index';
import { enqueue } from '../outbox/outbox';

const { ledgerEntries, users, profiles } = schema;

const methodNames: Record<string, string> = { MPESA: 'M-Pesa', CARD: 'card' };

export interface ReceiptNotice {
  profileId: string;
  provider: string;
  amountCents: number;
  invoiceNo: string;
  description: string;
  receiptNo: string;
  reference: string;
  /** What the payment settled, invoice by invoice. */
  settled: Allocation[];
}

/** The receipt's first lines: the payment and the invoice it paid, or (several settled) one line per invoice. */
async function whatItPaid(tx: Db, notice: ReceiptNotice, received: string): Promise<string[]> {
  if (notice.invoiceNo !== ALL_DUE && notice.settled.length <= 1) {
    return [`${received} for invoice ${notice.invoiceNo}, ${notice.description}.`];
  }
  const numbers = notice.settled.map((line) => line.invoiceNo);
  const rows = numbers.length
    ? await tx
        .select({ documentNo: ledgerEntries.documentNo, description: ledgerEntries.description })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.documentNo, numbers))
    : [];
  const described = new Map(rows.map((row) => [row.documentNo, row.description]));
  return [
    `${received}. It settled:`,
    ...notice.settled.map(
      (line) => `- ${line.invoiceNo}, ${described.get(line.invoiceNo) ?? ''}: ${formatKes(fromCents(line.amountCents))}`,
    ),
  ];
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
      ...(await whatItPaid(
        tx,
        notice,
        `We have received your ${methodNames[notice.provider] ?? notice.provider} payment of ${amount} (reference ${notice.reference})`,
      )),
      `Your receipt number is ${notice.receiptNo}.`,
      '',
      `See the receipt at ${config.publicUrl}/billing/receipt/${encodeURIComponent(encodeBase64(notice.receiptNo))}`,
      '',
      displayName,
    ].join('\n'),
  });
}
