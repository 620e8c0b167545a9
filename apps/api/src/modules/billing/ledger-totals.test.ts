import { queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { EXACT_COUNT_LIMIT, pageWindow } from '../../shared/bounded-count';
import { postCreditNote, postPayment, raiseInvoice } from './index';
import { foldLedgerTotals, ledgerTotals } from './ledger-totals';
import { listInvoices, listPayments } from './lists';

const t = await createTestApp();

/** What the day totals must agree with: the ledger summed directly. */
async function summed(documentType: string, purpose?: string) {
  const [row] = await queryRows<{ n: number; amount: string | null; remaining: string | null; open_n: number }>(
    t.db,
    sql`select count(*)::int as n, sum(amount_cents) as amount, sum(remaining_cents) as remaining,
          count(*) filter (where remaining_cents <> 0)::int as open_n
        from ledger_entries where document_type = ${documentType} ${purpose ? sql`and purpose = ${purpose}` : sql``}`,
  );
  return { n: row.n, amountCents: Number(row.amount ?? 0), remainingCents: Number(row.remaining ?? 0), openN: row.open_n };
}

async function someMoney(invoices: number) {
  const { profile } = await createMember(t.db);
  const raised = [];
  for (let i = 0; i < invoices; i++) {
    raised.push(
      await raiseInvoice(t.db, {
        profileId: profile.profileId,
        purpose: i % 2 ? 'event' : 'subscription',
        description: `Charge ${i}`,
        amountCents: 10_000 + i * 100,
        documentDate: `2025-0${1 + (i % 9)}-1${i % 10}`,
      }),
    );
  }
  await postPayment(t.db, {
    profileId: profile.profileId,
    invoiceNo: raised[0].documentNo,
    amountCents: 15_000,
    method: 'MPESA',
    reference: `QK${raised[0].documentNo}`,
  });
  await postCreditNote(t.db, {
    profileId: profile.profileId,
    invoiceNo: raised[1].documentNo,
    amountCents: 5_000,
    reason: 'Waived',
  });
  return { profile, raised };
}

describe('the ledger day totals (issue 26)', () => {
  it('agree with the ledger after invoices, a payment spread over invoices and a credit note, before and after folding', async () => {
    await someMoney(6);
    for (const [type, purpose] of [
      ['Invoice', undefined],
      ['Invoice', 'event'],
      ['Payment', undefined],
      ['Credit Memo', undefined],
    ] as const) {
      const expected = await summed(type, purpose);
      expect(await ledgerTotals(t.db, { documentType: type, purpose })).toMatchObject(expected);
    }
    const [{ n: deltas }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_total_deltas`);
    expect(deltas).toBeGreaterThan(0);
    // Two instances folding at once: each delta is added once.
    await Promise.all([foldLedgerTotals(t.db), foldLedgerTotals(t.db)]);
    const [{ n: left }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_total_deltas`);
    expect(left).toBe(0);
    expect(await ledgerTotals(t.db, { documentType: 'Invoice' })).toMatchObject(await summed('Invoice'));
    expect(await ledgerTotals(t.db, { documentType: 'Payment' })).toMatchObject(await summed('Payment'));
  });

  it('answer the invoice list totals per status and purpose as the rows add up, and a date range for payments', async () => {
    await someMoney(4);
    await foldLedgerTotals(t.db);
    await someMoney(3); // these stay as deltas
    for (const status of [undefined, 'open', 'paid'] as const) {
      const list = await listInvoices(t.db, { status, page: 1, pageSize: 100 });
      const all = await summed('Invoice');
      expect(list.totalExact).toBe(true);
      const rows = list.invoices;
      expect(list.total).toBe(status ? rows.length : all.n);
      expect(list.totals?.amount).toBeCloseTo(
        rows.reduce((s, r) => s + r.amount, 0),
        2,
      );
      expect(list.totals?.remainingAmount).toBeCloseTo(
        rows.reduce((s, r) => s + r.remainingAmount, 0),
        2,
      );
    }
    const payments = await listPayments(t.db, { from: '2000-01-01', to: '2100-01-01', page: 1, pageSize: 100 });
    expect(payments.total).toBe(payments.payments.length);
    expect(payments.totals?.amount).toBeCloseTo(
      payments.payments.reduce((s, r) => s + r.amount, 0),
      2,
    );
  });

  it('pages from whichever end is nearer: every page holds what the newest-first order puts there', async () => {
    const { profile } = await someMoney(9);
    const everything = await listInvoices(t.db, { search: profile.memberNo ?? '', page: 1, pageSize: 100 });
    expect(everything.total).toBe(9);
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...(await listInvoices(t.db, { search: profile.memberNo ?? '', page, pageSize: 4 })).invoices);
    expect(pages.map((r) => r.invoiceNo)).toEqual(everything.invoices.map((r) => r.invoiceNo));
    const whole = await listInvoices(t.db, { page: 1, pageSize: 100 });
    const lastPage = Math.ceil(whole.total / 7);
    const last = await listInvoices(t.db, { page: lastPage, pageSize: 7 });
    expect(last.invoices.map((r) => r.invoiceNo)).toEqual(whole.invoices.slice((lastPage - 1) * 7).map((r) => r.invoiceNo));
  });

  it('finds an invoice by its whole number, a member by their number, and names by their words', async () => {
    const { profile, raised } = await someMoney(2);
    const byInvoice = await listInvoices(t.db, { search: raised[1].documentNo.toLowerCase(), page: 1, pageSize: 20 });
    expect(byInvoice.invoices.map((r) => r.invoiceNo)).toEqual([raised[1].documentNo]);
    const byMember = await listInvoices(t.db, { search: profile.memberNo ?? '', page: 1, pageSize: 20 });
    expect(byMember.invoices.map((r) => r.invoiceNo).sort()).toEqual(raised.map((r) => r.documentNo).sort());
    const byName = await listInvoices(t.db, { search: `${profile.lastName} ${profile.firstName}`, page: 1, pageSize: 100 });
    expect(byName.invoices.map((r) => r.invoiceNo)).toEqual(expect.arrayContaining(raised.map((r) => r.documentNo)));
    expect((await listInvoices(t.db, { search: 'INV999999999', page: 1, pageSize: 20 })).total).toBe(0);
  });
});

describe('pageWindow', () => {
  it('reads the first half forwards and the second half backwards, the last page holding what is left', () => {
    expect(pageWindow(100, 1, 20)).toEqual({ reversed: false, offset: 0, limit: 20 });
    expect(pageWindow(100, 3, 20)).toEqual({ reversed: false, offset: 40, limit: 20 });
    expect(pageWindow(100, 4, 20)).toEqual({ reversed: true, offset: 20, limit: 20 });
    expect(pageWindow(95, 5, 20)).toEqual({ reversed: true, offset: 0, limit: 15 });
    expect(pageWindow(95, 9, 20)).toEqual({ reversed: false, offset: 160, limit: 20 });
    expect(pageWindow(null, 500, 20)).toEqual({ reversed: false, offset: 9980, limit: 20 });
    expect(EXACT_COUNT_LIMIT).toBe(10_000);
  });
});
