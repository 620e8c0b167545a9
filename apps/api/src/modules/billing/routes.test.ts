import { billingAdminMessages } from '@portal/contract';
import { queryRows, schema } from '@portal/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { billAndWait, entry, invoiceFor, paymentFor, subscriptionFor } from '../../../test/billing';
import { createMember, createTestApp, createUser, signIn } from '../../../test/harness';
import { createReviewer } from '../../../test/review';
import { checkLedgerInvariants, today } from './index';
import { subscriptionDueDate } from './run';
import { processBillingRuns, queueBillingRun, RUN_STALE_SECONDS } from './run-job';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin', 'Grace Registrar');
const approver = await createReviewer(t, 'approver');
const memberUser = await createUser(t.db);
const memberToken = await signIn(t, memberUser.email);

afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const thisYear = Number(today().slice(0, 4));
const post = (url: string, body: unknown, token = admin.token) => t.call('POST', url, { token, body });
const get = (url: string, token = admin.token) => t.call('GET', url, { token });
const bill = (period: string) => billAndWait(t.call, admin.token, period);

/** Active members whose category has a subscription fee: who a run bills. */
async function eligible(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from memberships m join profiles p on p.profile_id = m.profile_id and p.member_no is not null
        join category_charges c on c.category_code = m.category_code and c.charge_type = 'SUBSCRIPTION'
        where m.status = 'Active'`,
  );
  return row.n;
}

async function subscriptionsOf(period: string) {
  return t.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.period, period));
}

describe('who may use the billing back office', () => {
  const reads = ['/api/admin/billing/runs', '/api/admin/billing/invoices', '/api/admin/billing/payments', '/api/admin/billing/arrears'];
  const writes: [string, unknown][] = [
    ['/api/admin/billing/run', { period: String(thisYear) }],
    ['/api/admin/billing/payments', { memberNo: 'X', amount: 1, method: 'BANK', reference: 'R', paidAt: today() }],
    ['/api/admin/billing/credit-notes', { invoiceNo: 'INV000001', amount: 1, reason: 'x' }],
  ];

  it('answers 401 to a visitor and 403 to a member, whatever the body', async () => {
    for (const url of reads) {
      expect((await t.call('GET', url)).status, url).toBe(401);
      expect((await get(url, memberToken)).status, url).toBe(403);
    }
    for (const [url, body] of writes) {
      expect((await t.call('POST', url, { body })).status, url).toBe(401);
      expect((await post(url, body, memberToken)).status, url).toBe(403);
      expect((await post(url, { nonsense: true }, memberToken)).status, url).toBe(403);
    }
    expect(await t.db.select().from(schema.billingRuns)).toHaveLength(0);
  });

  it('lets an approver read but not post', async () => {
    for (const url of reads) expect((await get(url, approver.token)).status, url).toBe(200);
    for (const [url, body] of writes) expect((await post(url, body, approver.token)).status, url).toBe(403);
  });
});

describe('POST /api/admin/billing/run', () => {
  it('validates the period', async () => {
    for (const period of [undefined, '', '26', '20x6', '1999', String(thisYear + 2)]) {
      const response = await post('/api/admin/billing/run', { period });
      expect(response.status, String(period)).toBe(400);
      expect(response.body.errors?.period?.[0] ?? response.body.message).toBeTruthy();
    }
    expect((await post('/api/admin/billing/run', { period: 'abcd' })).body.message).toBe(billingAdminMessages.periodInvalid);
    expect((await post('/api/admin/billing/run', { period: '1999' })).body.message).toBe(
      billingAdminMessages.periodOutOfRange(thisYear + 1),
    );
  });

  it("bills every Active member once at the category's fee; a second run bills nobody", async () => {
    const professional = await createMember(t.db, { category: 'PROFESSIONAL' });
    const graduate = await createMember(t.db, { category: 'GRADUATE' });
    const inactive = await createMember(t.db, { category: 'PROFESSIONAL' });
    await t.db.update(schema.memberships).set({ status: 'Inactive' }).where(eq(schema.memberships.profileId, inactive.profile.profileId));
    // A category without a subscription fee.
    await t.db.insert(schema.membershipCategories).values({ code: 'HONORARY', description: 'Honorary', categoryType: 'Individual' });
    const honorary = await createMember(t.db, { category: 'HONORARY' });
    const period = '2025';
    const expected = await eligible();

    const { started, run: first } = await bill(period);
    // Answered at once; the background job bills.
    expect(started.body.data).toMatchObject({
      message: billingAdminMessages.runStarted(period),
      run: { period, runBy: 'Grace Registrar' },
    });
    expect(['queued', 'running', 'finished']).toContain((started.body.data as { run: { status: string } }).run.status);
    const active = expected + 1; // the honorary member is Active but has no fee
    expect(first).toMatchObject({
      period,
      status: 'finished',
      memberCount: active,
      toBillCount: expected,
      billedCount: expected,
      skippedCount: active - expected,
      runBy: 'Grace Registrar',
      error: null,
    });
    expect(first.finishedAt).not.toBeNull();

    const subs = await subscriptionsOf(period);
    expect(subs).toHaveLength(expected);
    const byProfile = new Map(subs.map((s) => [s.profileId, s]));
    expect(byProfile.has(inactive.profile.profileId)).toBe(false);
    expect(byProfile.has(honorary.profile.profileId)).toBe(false);
    const proInvoice = await entry(t, byProfile.get(professional.profile.profileId)?.invoiceNo ?? '');
    expect(proInvoice).toMatchObject({
      profileId: professional.profile.profileId,
      documentType: 'Invoice',
      purpose: 'subscription',
      description: 'Annual subscription 2025',
      amountCents: 580_000,
      remainingCents: 580_000,
      externalDocumentNo: `${professional.profile.memberNo}-2025`,
      documentDate: today(),
      dueDate: subscriptionDueDate('2025', today()),
      createdBy: admin.user.id,
    });
    const gradInvoice = await entry(t, byProfile.get(graduate.profile.profileId)?.invoiceNo ?? '');
    expect(gradInvoice.amountCents).toBe(116_000);
    const totalCents = (
      await t.db
        .select()
        .from(schema.ledgerEntries)
        .where(and(eq(schema.ledgerEntries.purpose, 'subscription'), sql`${schema.ledgerEntries.externalDocumentNo} like '%-2025'`))
    ).reduce((sum, row) => sum + row.amountCents, 0);
    expect(first.totalAmount).toBe(totalCents / 100);

    const { run: second } = await bill(period);
    expect(second).toMatchObject({ billedCount: 0, skippedCount: active, totalAmount: 0 });
    expect(await subscriptionsOf(period)).toHaveLength(expected);

    const audits = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'billing.run'));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, details: { period } });

    const runs = await get('/api/admin/billing/runs', approver.token);
    expect(runs.body.data.runs.slice(0, 2)).toEqual([
      expect.objectContaining({ id: second.id, billedCount: 0 }),
      expect.objectContaining({ id: first.id, billedCount: expected }),
    ]);
  });

  it('one run is open at a time: asked twice at once, both get the same run; another period waits', async () => {
    for (let i = 0; i < 5; i++) await createMember(t.db, { category: 'GRADUATE' });
    const expected = await eligible();
    const ctx = { db: t.db, config: t.config } as never;
    const [a, b] = await Promise.all([queueBillingRun(ctx, '2024', admin.user.id), queueBillingRun(ctx, '2024', admin.user.id)]);
    expect(a.run.id).toBe(b.run.id);
    expect([a.queued, b.queued].sort()).toEqual([false, true]);
    const busy = await post('/api/admin/billing/run', { period: '2022' });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(billingAdminMessages.runBusy('2024'));
    const again = await post('/api/admin/billing/run', { period: '2024' });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ message: billingAdminMessages.runAlreadyOpen('2024'), run: { id: a.run.id } });

    // Two workers at once: one claims the run and bills it in batches, the other finds nothing to do.
    await Promise.all([processBillingRuns(ctx, { batchSize: 3 }), processBillingRuns(ctx, { batchSize: 3 })]);
    const run = (await get(`/api/admin/billing/runs/${a.run.id}`)).body.data;
    expect(run).toMatchObject({ status: 'finished', billedCount: expected });
    const subs = await subscriptionsOf('2024');
    expect(subs).toHaveLength(expected);
    expect(new Set(subs.map((s) => s.memberNo)).size).toBe(expected);
    const invoices = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(sql`${schema.ledgerEntries.externalDocumentNo} like '%-2024' and ${schema.ledgerEntries.purpose} = 'subscription'`);
    expect(invoices).toHaveLength(expected);
  });

  it('a run left by a crashed worker is taken over after its heartbeat goes stale, and goes on from where it stopped', async () => {
    for (let i = 0; i < 4; i++) await createMember(t.db, { category: 'GRADUATE' });
    const expected = await eligible();
    const ctx = { db: t.db, config: t.config } as never;
    const { run } = await queueBillingRun(ctx, '2021', admin.user.id);
    // The worker bills one batch of 2, then "crashes": the run stays running with a fresh heartbeat.
    await processBillingRuns(ctx, { batchSize: 2, maxBatches: 1 });
    const halfway = (await get(`/api/admin/billing/runs/${run.id}`)).body.data;
    expect(halfway).toMatchObject({ status: 'running', billedCount: 2 });
    // Another worker does not take a run whose worker is alive…
    expect(await processBillingRuns(ctx, { batchSize: 2 })).toEqual([]);
    // …but does once its heartbeat is older than RUN_STALE_SECONDS.
    await t.db
      .update(schema.billingRuns)
      .set({ heartbeatAt: new Date(Date.now() - (RUN_STALE_SECONDS + 1) * 1000) })
      .where(eq(schema.billingRuns.id, run.id));
    expect(await processBillingRuns(ctx, { batchSize: 2 })).toEqual([run.id]);
    const done = (await get(`/api/admin/billing/runs/${run.id}`)).body.data;
    expect(done).toMatchObject({ status: 'finished', billedCount: expected });
    expect(await subscriptionsOf('2021')).toHaveLength(expected);
    expect((await get('/api/admin/billing/runs/999999')).status).toBe(404);
    expect((await get('/api/admin/billing/runs/abc')).status).toBe(400);
  });

  it('bills members who joined since the last run, and only them', async () => {
    const before = (await subscriptionsOf('2025')).length;
    const newcomer = await createMember(t.db, { category: 'GRADUATE' });
    const joined = (await eligible()) - before;
    const { run } = await bill('2025');
    // The newcomer and the members made for the runs of 2024 and 2021.
    expect(run.billedCount).toBe(joined);
    expect(joined).toBeGreaterThanOrEqual(1);
    const subs = await subscriptionsOf('2025');
    expect(subs).toHaveLength(before + joined);
    expect(subs.filter((s) => s.profileId === newcomer.profile.profileId)).toHaveLength(1);
  });
});

describe('invoice numbers of a run', () => {
  it('continue the INV sequence and keep every digit past INV999999', async () => {
    await t.db.update(schema.sequences).set({ value: 999_998 }).where(eq(schema.sequences.name, 'invoice'));
    const billed = (await bill('2023')).run.billedCount;
    expect(billed).toBeGreaterThan(2);
    const numbers = (await subscriptionsOf('2023')).map((s) => s.invoiceNo).sort();
    expect(numbers).toContain('INV999999');
    expect(numbers).toContain('INV1000000');
    expect(numbers).toContain(`INV${999_998 + billed}`);
    const next = await invoiceFor(t, (await subscriptionsOf('2023'))[0].profileId);
    expect(next.documentNo).toBe(`INV${999_999 + billed}`);
  });
});

describe('GET /api/admin/billing/invoices, payments and arrears', () => {
  it('lists invoices with filters, search, paging and totals over every match', async () => {
    const { profile } = await createMember(t.db, { firstName: 'Zawadi', lastName: 'Kiprotich' });
    const member = { profileId: profile.profileId, memberNo: profile.memberNo ?? '' };
    const paid = await subscriptionFor(t, member, '2019', { amountCents: 100_000 });
    const open = await subscriptionFor(t, member, '2020', { amountCents: 200_000 });
    const event = await invoiceFor(t, member.profileId, { purpose: 'event', amountCents: 50_000 });
    await paymentFor(t, member.profileId, 130_000, { invoiceNo: paid.documentNo });

    const all = await get(`/api/admin/billing/invoices?search=${encodeURIComponent('zawadi kiprotich')}`);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.totals).toEqual({ amount: 3500, paidAmount: 1300, remainingAmount: 2200 });
    const paidRow = all.body.data.invoices.find((i: { invoiceNo: string }) => i.invoiceNo === paid.documentNo);
    expect(paidRow).toMatchObject({
      memberNo: member.memberNo,
      name: 'Zawadi Achieng Kiprotich',
      purpose: 'subscription',
      amount: 1000,
      paidAmount: 1000,
      remainingAmount: 0,
      status: 'paid',
      overdue: false,
      dueDate: '2019-03-31',
      externalDocumentNo: `${member.memberNo}-2019`,
    });
    const openRow = all.body.data.invoices.find((i: { invoiceNo: string }) => i.invoiceNo === open.documentNo);
    expect(openRow).toMatchObject({ status: 'open', remainingAmount: 1700, paidAmount: 300, overdue: true });

    const openOnly = await get(`/api/admin/billing/invoices?status=open&search=${member.memberNo}`);
    expect(openOnly.body.data.invoices.map((i: { invoiceNo: string }) => i.invoiceNo).sort()).toEqual(
      [open.documentNo, event.documentNo].sort(),
    );
    const subsOnly = await get(`/api/admin/billing/invoices?purpose=subscription&search=${member.memberNo}`);
    expect(subsOnly.body.data.total).toBe(2);
    const period = await get(`/api/admin/billing/invoices?period=2020&search=${member.memberNo}`);
    expect(period.body.data.invoices.map((i: { invoiceNo: string }) => i.invoiceNo)).toEqual([open.documentNo]);
    const byNumber = await get(`/api/admin/billing/invoices?search=${event.documentNo.toLowerCase()}`);
    expect(byNumber.body.data.invoices.map((i: { invoiceNo: string }) => i.invoiceNo)).toEqual([event.documentNo]);
    const paged = await get(`/api/admin/billing/invoices?search=${member.memberNo}&pageSize=2&page=2`);
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.data.invoices).toHaveLength(1);
    expect(paged.body.data.totals.amount).toBe(3500);

    expect((await get('/api/admin/billing/invoices?status=unpaid')).status).toBe(400);
    expect((await get('/api/admin/billing/invoices?purpose=gift')).status).toBe(400);
  });

  it('lists payments with their method, what each settled, and totals', async () => {
    const { profile } = await createMember(t.db, { firstName: 'Baraka', lastName: 'Mutua' });
    const invoice = await invoiceFor(t, profile.profileId, { amountCents: 40_000 });
    const recorded = await post('/api/admin/billing/payments', {
      memberNo: profile.memberNo,
      amount: 500,
      method: 'CHEQUE',
      reference: 'chq-0042',
      paidAt: today(),
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const list = await get(`/api/admin/billing/payments?search=${profile.memberNo}`, approver.token);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.payments[0]).toMatchObject({
      receiptNo: recorded.body.data.receiptNo,
      method: 'CHEQUE',
      reference: 'CHQ-0042',
      name: 'Baraka Achieng Mutua',
      amount: 500,
      unappliedAmount: 100,
      appliedTo: [{ invoiceNo: invoice.documentNo, amount: 400 }],
      paidOn: today(),
    });
    expect(list.body.data.totals).toEqual({ amount: 500, unappliedAmount: 100 });
    const cheques = await get('/api/admin/billing/payments?method=CHEQUE');
    expect(cheques.body.data.payments.every((p: { method: string }) => p.method === 'CHEQUE')).toBe(true);
    const none = await get(`/api/admin/billing/payments?search=${profile.memberNo}&from=2999-01-01`);
    expect(none.body.data.total).toBe(0);
    expect((await get('/api/admin/billing/payments?from=yesterday')).status).toBe(400);
  });

  it('lists members in arrears (overdue remaining only), the largest first, with totals', async () => {
    const big = await createMember(t.db, { lastName: 'Arrearsbig' });
    const small = await createMember(t.db, { lastName: 'Arrearssmall' });
    const current = await createMember(t.db, { lastName: 'Arrearsnone' });
    await invoiceFor(t, big.profile.profileId, { amountCents: 900_000, documentDate: '2024-01-01', dueDate: '2024-03-31' });
    await invoiceFor(t, big.profile.profileId, { amountCents: 100_000, documentDate: '2025-01-01', dueDate: '2025-03-31' });
    const smallInvoice = await invoiceFor(t, small.profile.profileId, {
      amountCents: 300_000,
      documentDate: '2025-01-01',
      dueDate: '2025-03-31',
    });
    await paymentFor(t, small.profile.profileId, 100_000, { invoiceNo: smallInvoice.documentNo });
    // Not yet due: not arrears.
    await invoiceFor(t, current.profile.profileId, { amountCents: 100_000, dueDate: `${thisYear + 1}-12-31` });

    const response = await get('/api/admin/billing/arrears?search=arrears');
    expect(response.status).toBe(200);
    expect(response.body.data.members).toEqual([
      expect.objectContaining({
        profileId: big.profile.profileId,
        memberNo: big.profile.memberNo,
        arrears: 10_000,
        overdueInvoices: 2,
        oldestDueDate: '2024-03-31',
        category: 'PROFESSIONAL',
      }),
      expect.objectContaining({ profileId: small.profile.profileId, arrears: 2_000, overdueInvoices: 1 }),
    ]);
    expect(response.body.data.totals).toEqual({ arrears: 12_000, members: 2 });
    const graduates = await get('/api/admin/billing/arrears?search=arrears&category=GRADUATE');
    expect(graduates.body.data.total).toBe(0);
  });
});

describe('POST /api/admin/billing/payments', () => {
  const url = '/api/admin/billing/payments';

  it('validates every field', async () => {
    const { profile } = await createMember(t.db);
    const base = { memberNo: profile.memberNo, amount: 100, method: 'BANK', reference: 'REF-1', paidAt: today() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, memberNo: undefined }, 'memberNo', billingAdminMessages.memberRequired],
      [{ ...base, amount: 0 }, 'amount', billingAdminMessages.amountPositive],
      [{ ...base, amount: -5 }, 'amount', billingAdminMessages.amountPositive],
      [{ ...base, amount: 10.005 }, 'amount', billingAdminMessages.amountCents],
      [{ ...base, amount: 'abc' }, 'amount', billingAdminMessages.amountRequired],
      [{ ...base, method: 'MPESA' }, 'method', billingAdminMessages.methodInvalid],
      [{ ...base, reference: '  ' }, 'reference', billingAdminMessages.referenceRequired],
      [{ ...base, reference: 'x'.repeat(61) }, 'reference', billingAdminMessages.referenceTooLong],
      [{ ...base, paidAt: undefined }, 'paidAt', billingAdminMessages.paidAtRequired],
      [{ ...base, paidAt: `${thisYear + 1}-12-31` }, 'paidAt', billingAdminMessages.paidAtInFuture],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(url, body);
      expect(response.status, field).toBe(400);
      expect(response.body.errors?.[field], `${field}: ${JSON.stringify(response.body)}`).toContain(message);
    }
    expect((await post(url, { ...base, memberNo: 'NOSUCH' })).status).toBe(404);
    const other = await createMember(t.db);
    const foreign = await invoiceFor(t, other.profile.profileId);
    const response = await post(url, { ...base, invoiceNo: foreign.documentNo });
    expect(response.status).toBe(400);
    expect(response.body.errors.invoiceNo).toEqual([billingAdminMessages.invoiceOfAnotherMember]);
    expect((await post(url, { ...base, invoiceNo: 'INV000000' })).body.errors.invoiceNo).toEqual([billingAdminMessages.invoiceNotFound]);
    // Nothing was posted for the member.
    expect(await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.profileId, profile.profileId))).toHaveLength(0);
  });

  it('applies a payment oldest first, leaves the rest as credit, and records the attempt and the audit entry', async () => {
    const { profile } = await createMember(t.db);
    const newer = await invoiceFor(t, profile.profileId, { amountCents: 200_000, documentDate: '2026-01-02', dueDate: '2026-03-31' });
    const older = await invoiceFor(t, profile.profileId, { amountCents: 150_000, documentDate: '2025-01-02', dueDate: '2025-03-31' });
    const response = await post(url, {
      memberNo: profile.memberNo?.toLowerCase(),
      amount: '4000.50',
      method: 'BANK',
      reference: 'ft2501ABC',
      paidAt: '2026-02-01',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      message: billingAdminMessages.paymentRecorded(data.receiptNo),
      profileId: profile.profileId,
      memberNo: profile.memberNo,
      amount: 4000.5,
      allocations: [
        { invoiceNo: older.documentNo, amount: 1500 },
        { invoiceNo: newer.documentNo, amount: 2000 },
      ],
      unappliedAmount: 500.5,
    });
    expect((await entry(t, older.documentNo)).remainingCents).toBe(0);
    expect((await entry(t, newer.documentNo)).remainingCents).toBe(0);
    expect(await entry(t, data.receiptNo)).toMatchObject({
      documentType: 'Payment',
      amountCents: -400_050,
      remainingCents: -50_050,
      documentDate: '2026-02-01',
      externalDocumentNo: 'FT2501ABC',
      createdBy: admin.user.id,
      description: 'Bank payment FT2501ABC',
    });
    const [attempt] = await t.db.select().from(schema.payments).where(eq(schema.payments.receiptNo, data.receiptNo));
    expect(attempt).toMatchObject({
      provider: 'BANK',
      providerReference: 'FT2501ABC',
      status: 'succeeded',
      amountCents: 400_050,
      invoiceNo: older.documentNo,
    });
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'billing.payment_recorded'), eq(schema.auditLog.target, `receipt:${data.receiptNo}`)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      details: expect.objectContaining({ method: 'BANK', reference: 'FT2501ABC', amount: '4000.50' }),
    });
  });

  it('settles the named invoice first', async () => {
    const { profile } = await createMember(t.db);
    await invoiceFor(t, profile.profileId, { amountCents: 10_000, documentDate: '2024-01-01', dueDate: '2024-01-31' });
    const named = await invoiceFor(t, profile.profileId, { amountCents: 10_000, documentDate: '2026-01-01' });
    const response = await post(url, {
      profileId: profile.profileId,
      amount: 100,
      method: 'CHEQUE',
      reference: `C-${profile.profileId}`,
      invoiceNo: named.documentNo.toLowerCase(),
      paidAt: today(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.allocations).toEqual([{ invoiceNo: named.documentNo, amount: 100 }]);
  });

  it('takes a reference once per method (409), whatever its case, even at the same moment', async () => {
    const { profile } = await createMember(t.db);
    const body = { memberNo: profile.memberNo, amount: 10, method: 'BANK', reference: `dup-${profile.profileId}`, paidAt: today() };
    expect((await post(url, body)).status).toBe(200);
    const again = await post(url, { ...body, reference: body.reference.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(billingAdminMessages.duplicateReference('BANK', body.reference.toUpperCase()));
    // The same reference by cheque is another payment.
    expect((await post(url, { ...body, method: 'CHEQUE' })).status).toBe(200);

    const racing = { ...body, reference: `race-${profile.profileId}` };
    const answers = await Promise.all([post(url, racing), post(url, racing), post(url, racing)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const receipts = await t.db
      .select()
      .from(schema.ledgerEntries)
      .where(and(eq(schema.ledgerEntries.profileId, profile.profileId), eq(schema.ledgerEntries.documentType, 'Payment')));
    expect(receipts).toHaveLength(3);
  });
});

describe('POST /api/admin/billing/credit-notes', () => {
  const url = '/api/admin/billing/credit-notes';

  it('validates, and refuses an unknown invoice, a credit above what is owed and a settled invoice', async () => {
    const { profile } = await createMember(t.db);
    const invoice = await invoiceFor(t, profile.profileId, { amountCents: 50_000 });
    const missing = await post(url, { invoiceNo: invoice.documentNo, amount: 10 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.reason).toEqual([billingAdminMessages.reasonRequired]);
    expect((await post(url, { invoiceNo: invoice.documentNo, amount: 0, reason: 'x' })).body.errors.amount).toEqual([
      billingAdminMessages.amountPositive,
    ]);
    expect((await post(url, { invoiceNo: 'INV000000', amount: 10, reason: 'x' })).status).toBe(404);
    const tooMuch = await post(url, { invoiceNo: invoice.documentNo, amount: 500.01, reason: 'x' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(billingAdminMessages.creditExceedsRemaining('500.00'));
    await paymentFor(t, profile.profileId, 50_000, { invoiceNo: invoice.documentNo });
    const settled = await post(url, { invoiceNo: invoice.documentNo, amount: 1, reason: 'x' });
    expect(settled.status).toBe(409);
    expect(settled.body.message).toBe(billingAdminMessages.invoicePaid(invoice.documentNo));
    expect(await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.documentType, 'Credit Memo'))).toHaveLength(0);
  });

  it('reduces what is owed, down to zero at most, with an audit entry', async () => {
    const { profile } = await createMember(t.db);
    const invoice = await invoiceFor(t, profile.profileId, { amountCents: 50_000 });
    const first = await post(url, { invoiceNo: invoice.documentNo, amount: 120.5, reason: 'Partial waiver' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ invoiceNo: invoice.documentNo, amount: 120.5, remainingAmount: 379.5 });
    expect(first.body.data.message).toBe(billingAdminMessages.creditNoteIssued(first.body.data.creditNoteNo));
    expect(await entry(t, first.body.data.creditNoteNo)).toMatchObject({
      documentType: 'Credit Memo',
      amountCents: -12_050,
      remainingCents: 0,
      description: 'Partial waiver',
      createdBy: admin.user.id,
    });
    const rest = await post(url, { invoiceNo: invoice.documentNo, amount: 379.5, reason: 'Waived' });
    expect(rest.body.data.remainingAmount).toBe(0);
    expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'billing.credit_note_issued'), eq(schema.auditLog.target, `invoice:${invoice.documentNo}`)));
    expect(audits).toHaveLength(2);
  });
});

describe('GET /api/billing/alerts', () => {
  it("counts the signed-in member's unpaid subscriptions", async () => {
    expect((await t.call('GET', '/api/billing/alerts')).status).toBe(401);
    // No profile yet: nothing.
    expect((await get('/api/billing/alerts', memberToken)).body.data).toEqual({ unpaidSubscriptions: 0 });

    const { profile, user } = await createMember(t.db, { withUser: true });
    const token = await signIn(t, user?.email ?? '');
    const member = { profileId: profile.profileId, memberNo: profile.memberNo ?? '' };
    const old = await subscriptionFor(t, member, '2021', { amountCents: 10_000 });
    await subscriptionFor(t, member, '2022', { amountCents: 10_000 });
    await subscriptionFor(t, member, '2023', { amountCents: 10_000 });
    await invoiceFor(t, member.profileId, { purpose: 'event' });
    expect((await get('/api/billing/alerts', token)).body.data).toEqual({ unpaidSubscriptions: 3 });
    await paymentFor(t, member.profileId, 10_000, { invoiceNo: old.documentNo });
    // A partly paid one still counts.
    await paymentFor(t, member.profileId, 5_000);
    expect((await get('/api/billing/alerts', token)).body.data).toEqual({ unpaidSubscriptions: 2 });
    // Someone else's are not counted.
    expect((await get('/api/billing/alerts', memberToken)).body.data).toEqual({ unpaidSubscriptions: 0 });
  });
});
