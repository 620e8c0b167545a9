import { toCents } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { DAY_MS, nairobiDate } from '../../shared/dates';
import { preparedPerDb } from '../../shared/prepared';
import { raiseInvoice, type Tx } from './ledger';

const { applications, ledgerEntries, users } = schema;
type ApplicationRow = typeof applications.$inferSelect;

export const applicationFeeDescription = (code: string) => `Application fee ${code}`;

/** What an application's invoice says, when it is not a registration's fee (due on the day). */
export interface ApplicationInvoiceOptions {
  purpose: 'application' | 'upgrade' | 'license';
  description: string;
  /** Days from the invoice to its due date; due on the day by default. */
  dueInDays?: number;
}

/**
 * Raises an application's invoice at its first submission, in the submission's transaction: the application's
 * amount, the application code as source; by default the registration's fee (purpose 'application', due on the
 * day), or an upgrade's or licence's fee as `options` say (decision 032). An application that already has its
 * invoice (a re-submission) keeps it; an application with no fee gets none. Returns the invoice number.
 */
export async function invoiceApplicationFee(
  tx: Tx,
  application: ApplicationRow,
  profileId: string,
  createdBy: number | null,
  options: ApplicationInvoiceOptions = { purpose: 'application', description: applicationFeeDescription(application.code) },
): Promise<string | null> {
  if (application.invoiceNo) return application.invoiceNo;
  const amountCents = toCents(application.amount);
  if (amountCents <= 0) return null;
  const invoice = await raiseInvoice(tx, {
    profileId,
    purpose: options.purpose,
    description: options.description,
    amountCents,
    externalDocumentNo: application.code,
    dueDate: options.dueInDays ? nairobiDate(new Date(Date.now() + options.dueInDays * DAY_MS)) : undefined,
    createdBy,
  });
  const [updated] = await tx
    .update(applications)
    .set({ invoiceNo: invoice.documentNo })
    .where(and(eq(applications.code, application.code), sql`${applications.invoiceNo} is null`))
    .returning({ code: applications.code });
  // The caller holds the application row locked, so this cannot happen; refuse rather than leave two invoices.
  if (!updated) throw new Error(`Application ${application.code} was invoiced meanwhile`);
  return invoice.documentNo;
}

/** Upgrade and licence fees fall due this many days after their invoice (a registration's fee on the day). */
export const SERVICE_FEE_DAYS = 30;

/** An application may pass Open once its fee has a posted receipt, or when it carries no fee at all. */
export function applicationFeeSettled(application: ApplicationRow): boolean {
  if (application.postedReceiptNo) return true;
  return application.invoiceNo === null && toCents(application.amount) <= 0;
}

// The bell of every signed-in page: built once and prepared (issue 11).
const unpaidSubscriptionsQuery = preparedPerDb((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.profileId, ledgerEntries.profileId))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(ledgerEntries.documentType, 'Invoice'),
        eq(ledgerEntries.purpose, 'subscription'),
        gt(ledgerEntries.remainingCents, 0),
      ),
    )
    .prepare('unpaid_subscriptions'),
);

/** GET /api/billing/alerts: the member's subscription invoices with something still owed (the bell). */
export async function unpaidSubscriptions(tx: Tx, userId: number): Promise<number> {
  const [row] = await unpaidSubscriptionsQuery(tx).execute({ userId });
  return Number(row?.n ?? 0);
}
