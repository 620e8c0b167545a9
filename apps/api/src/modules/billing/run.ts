import { type BillingRun, billingAdminMessages, fromCents, toCents } from '@portal/contract';
import { type Db, queryRows, reserveNumbers, schema } from '@portal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { badRequest } from '../../shared/errors';
import { type LedgerEntryRow, raiseInvoice, type Tx, today } from './ledger';

const { billingRuns, categoryCharges, subscriptions, users } = schema;

/** Members billed per transaction: bounded work per batch, so 200,000 members run as 200 short transactions. */
export const RUN_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Subscription description on the invoice and the statement. */
export const subscriptionDescription = (period: string) => `Annual subscription ${period}`;
/** The subscription's source document: `memberNo-period`. */
export const subscriptionCode = (memberNo: string, period: string) => `${memberNo}-${period}`;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A subscription falls due on 31 March of its year, but never sooner than 30 days after it is billed (a late
 * run, or a member released mid-year, still gets a month to pay).
 */
export function subscriptionDueDate(period: string, billedOn: string): string {
  const marchEnd = `${period}-03-31`;
  const monthLater = addDays(billedOn, 30);
  return marchEnd > monthLater ? marchEnd : monthLater;
}

/** The latest period a run may bill: next year, so an administrator can bill ahead in December. */
export function maxPeriod(on: string = today()): number {
  return Number(on.slice(0, 4)) + 1;
}

export function assertPeriod(period: string): void {
  const year = Number(period);
  const max = maxPeriod();
  if (!/^\d{4}$/.test(period) || year < 2000 || year > max) {
    throw badRequest(billingAdminMessages.periodOutOfRange(max), { period: [billingAdminMessages.periodOutOfRange(max)] });
  }
}

/** The category's SUBSCRIPTION charge in cents, or null when the category has none. */
export async function subscriptionFeeCents(db: Db, categoryCode: string): Promise<number | null> {
  const [charge] = await db
    .select({ amount: categoryCharges.amountIncludingVat })
    .from(categoryCharges)
    .where(and(eq(categoryCharges.categoryCode, categoryCode), eq(categoryCharges.chargeType, 'SUBSCRIPTION')));
  if (!charge) return null;
  const cents = toCents(charge.amount);
  return cents > 0 ? cents : null;
}

/**
 * Bills one member's subscription for a period (release bills the first one): nothing when that period is
 * already billed or the category has no subscription fee. Runs in the caller's transaction.
 */
export async function billSubscription(
  tx: Tx,
  input: { profileId: string; memberNo: string; categoryCode: string; period: string; createdBy?: number | null },
): Promise<LedgerEntryRow | null> {
  const fee = await subscriptionFeeCents(tx, input.categoryCode);
  if (fee === null) return null;
  return tx
    .transaction(async (inner) => {
      const db = inner as unknown as Tx;
      const billedOn = today();
      const invoice = await raiseInvoice(db, {
        profileId: input.profileId,
        purpose: 'subscription',
        description: subscriptionDescription(input.period),
        amountCents: fee,
        externalDocumentNo: subscriptionCode(input.memberNo, input.period),
        documentDate: billedOn,
        dueDate: subscriptionDueDate(input.period, billedOn),
        createdBy: input.createdBy ?? null,
      });
      const [created] = await db
        .insert(subscriptions)
        .values({
          profileId: input.profileId,
          memberNo: input.memberNo,
          period: input.period,
          categoryCode: input.categoryCode,
          invoiceNo: invoice.documentNo,
        })
        .onConflictDoNothing({ target: [subscriptions.memberNo, subscriptions.period] })
        .returning({ id: subscriptions.id });
      if (!created) {
        // Already billed (a billing run got there first): undo this invoice with the savepoint.
        throw new AlreadyBilled();
      }
      return invoice;
    })
    .catch((error) => {
      if (error instanceof AlreadyBilled) return null;
      throw error;
    });
}

class AlreadyBilled extends Error {}

/** Active members on the register, not yet billed for the period, whose category has a SUBSCRIPTION charge. */
export const unbilled = (period: string) => sql`
  from memberships m
  join profiles p on p.profile_id = m.profile_id and p.member_no is not null
  join category_charges c on c.category_code = m.category_code and c.charge_type = 'SUBSCRIPTION' and c.amount_including_vat > 0
  where m.status = 'Active'
    and not exists (select 1 from subscriptions s where s.member_no = m.member_no and s.period = ${period})`;

/**
 * One batch of the run, in one transaction and set-based (nothing travels to the API): the next `batchSize` unbilled
 * members by member number after `after` get consecutive invoice numbers, a subscription row inserted with
 * `on conflict do nothing` on (member_no, period) (a concurrent run that got there first wins, leaving a gap in the
 * numbers), and an invoice for each subscription this batch created.
 */
export async function runBatch(db: Db, runId: number, period: string, after: string, createdBy: number | null, batchSize: number) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [range] = await queryRows<{ n: number; last: string | null }>(
      tx,
      sql`select count(*)::int as n, max(b.member_no) as last
          from (select m.member_no ${unbilled(period)} and m.member_no > ${after} order by m.member_no limit ${batchSize}) b`,
    );
    if (!range.n || range.last === null) return { last: null, billed: 0, totalCents: 0 };
    const invoiceNumbers = await reserveNumbers(tx, 'invoice', 'INV', range.n);
    const billedOn = today();
    const rows = await queryRows<{ amount_cents: string }>(
      tx,
      sql`with numbered as (
            select m.profile_id, m.member_no, m.category_code, (c.amount_including_vat * 100)::bigint as cents,
              ${JSON.stringify(invoiceNumbers)}::text::jsonb ->> (row_number() over (order by m.member_no) - 1)::int as invoice_no
            ${unbilled(period)} and m.member_no > ${after} and m.member_no <= ${range.last}
          ),
          created as (
            insert into subscriptions (profile_id, member_no, period, category_code, invoice_no, billing_run_id)
            select profile_id, member_no, ${period}::text, category_code, invoice_no, ${runId}::int
            from numbered
            on conflict (member_no, period) do nothing
            returning member_no, invoice_no
          )
          insert into ledger_entries (profile_id, document_no, document_type, purpose, description, amount_cents, remaining_cents,
            external_document_no, document_date, posting_date, due_date, created_by)
          select n.profile_id, cr.invoice_no, 'Invoice', 'subscription', ${subscriptionDescription(period)}::text, n.cents, n.cents,
            n.member_no || '-' || ${period}::text, ${billedOn}::date, ${billedOn}::date, ${subscriptionDueDate(period, billedOn)}::date,
            ${createdBy}::int
          from created cr join numbered n on n.member_no = cr.member_no
          returning amount_cents`,
    );
    const totalCents = rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
    await tx
      .update(billingRuns)
      .set({
        billedCount: sql`${billingRuns.billedCount} + ${rows.length}`,
        totalCents: sql`${billingRuns.totalCents} + ${totalCents}`,
        cursor: range.last,
        heartbeatAt: new Date(),
      })
      .where(eq(billingRuns.id, runId));
    return { last: range.last, billed: rows.length, totalCents };
  });
}

export async function runDtos(db: Db, rows: (typeof billingRuns.$inferSelect)[]): Promise<BillingRun[]> {
  const ids = [...new Set(rows.map((r) => r.runBy).filter((id): id is number => id !== null))];
  const found = ids.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(found.map((u) => [u.id, u.name ?? u.email]));
  return rows.map((r) => ({
    id: r.id,
    period: r.period,
    status: r.status as BillingRun['status'],
    runBy: r.runBy === null ? null : (names.get(r.runBy) ?? null),
    memberCount: r.memberCount,
    toBillCount: r.toBillCount,
    billedCount: r.billedCount,
    skippedCount: r.skippedCount,
    totalAmount: fromCents(r.totalCents),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
  }));
}
