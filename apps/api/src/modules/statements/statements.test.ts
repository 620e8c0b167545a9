import { billingMessages, encodeBase64, PAYMENT_HISTORY_CSV_COLUMNS, paymentHistoryCsv } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { creditNote, invoice, memberWithLogin, pay, subscribe } from '../../../test/statements';
import { checkLedgerInvariants } from '../billing';

const t = await createTestApp();
afterAll(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const admin = await createUser(t.db, { isAdmin: true });
const adminToken = await signIn(t, admin.email, undefined, uniqueIp());

const LEDGER_KEYS = [
  'amountLCY',
  'description',
  'documentDate',
  'documentNo',
  'documentType',
  'dueDate',
  'externalDocumentNo',
  'postingDate',
  'purpose',
  'remainingAmtLCY',
].sort();

describe('signed-in only', () => {
  it('answers 401 to visitors on every call', async () => {
    for (const url of [
      '/api/profile/ledger',
      '/api/billing/balance',
      '/api/billing/pending',
      '/api/billing/history',
      '/api/billing/proforma/INV000001',
      '/api/billing/receipt/RCT000001',
      '/api/subs',
      '/api/subs/proforma/INV000001',
      '/api/subs/receipt/RCT000001',
      '/api/license/good_standing_certificate/ERB1001',
    ]) {
      const response = await t.call('GET', url);
      expect(response.status, url).toBe(401);
    }
    const certificate = await t.call('POST', '/api/subs/certificate', { body: { code: 'INV000001' } });
    expect(certificate.status).toBe(401);
  });
});

describe('GET /api/profile/ledger and GET /api/billing/balance', () => {
  it("lists the caller's entries newest first with the spec's names and exact amounts", async () => {
    const member = await memberWithLogin(t);
    const other = await memberWithLogin(t);
    const sub = await subscribe(t, member, { period: '2025', amountCents: 580_050, dueDate: '2025-01-31' });
    await subscribe(t, other, { period: '2025', amountCents: 100_000 });
    const paid = await pay(t, member.profileId, 200_025, { invoiceNo: sub.documentNo });

    const response = await t.call('GET', '/api/profile/ledger', { token: member.token });
    expect(response.status).toBe(200);
    const rows = response.body.data;
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(LEDGER_KEYS);
    // Newest first: the payment was posted after the invoice (same posting date, higher id).
    expect(rows[0]).toMatchObject({
      documentNo: paid.receiptNo,
      documentType: 'Payment',
      amountLCY: -2000.25,
      remainingAmtLCY: 0,
      dueDate: null,
      externalDocumentNo: paid.reference,
    });
    expect(rows[1]).toEqual({
      documentNo: sub.documentNo,
      documentType: 'Invoice',
      description: 'Annual subscription 2025',
      amountLCY: 5800.5,
      dueDate: '2025-01-31',
      postingDate: sub.postingDate,
      externalDocumentNo: `${member.memberNo}-2025`,
      documentDate: '2025-01-01',
      remainingAmtLCY: 3800.25,
      purpose: 'subscription',
    });

    const balance = await t.call('GET', '/api/billing/balance', { token: member.token });
    expect(balance.status).toBe(200);
    expect(balance.body.data).toEqual({ BalanceLCY: 3800.25, arrearsLCY: 3800.25, creditLCY: 0, goodStanding: false });
  });

  it('shows credit, no arrears and good standing once everything overdue is paid', async () => {
    const member = await memberWithLogin(t);
    const sub = await subscribe(t, member, { period: '2025', amountCents: 500_000 });
    await pay(t, member.profileId, 600_000, { invoiceNo: sub.documentNo });
    const balance = await t.call('GET', '/api/billing/balance', { token: member.token });
    expect(balance.body.data).toEqual({ BalanceLCY: -1000, arrearsLCY: 0, creditLCY: 1000, goodStanding: true });
  });

  it('counts only overdue invoices as arrears: one not yet due leaves the member in good standing', async () => {
    const member = await memberWithLogin(t);
    await subscribe(t, member, { period: '2027', amountCents: 580_000, documentDate: '2026-11-01', dueDate: '2027-01-31' });
    const balance = await t.call('GET', '/api/billing/balance', { token: member.token });
    expect(balance.body.data).toEqual({ BalanceLCY: 5800, arrearsLCY: 0, creditLCY: 0, goodStanding: true });
    const profile = await t.call('GET', '/api/profile', { token: member.token });
    expect(profile.body.data.goodStanding).toBe(true);
  });

  it('gives a signed-in user without a profile empty lists and zeros', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email, undefined, uniqueIp());
    expect((await t.call('GET', '/api/profile/ledger', { token })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/billing/balance', { token })).body.data).toEqual({
      BalanceLCY: 0,
      arrearsLCY: 0,
      creditLCY: 0,
      goodStanding: false,
    });
    expect((await t.call('GET', '/api/billing/history', { token })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/subs', { token })).body.data).toEqual([]);
  });

  it("lets admins read a member's statement with ?profileId=, and members only their own", async () => {
    const member = await memberWithLogin(t);
    const other = await memberWithLogin(t);
    const inv = await invoice(t, member.profileId, { amountCents: 150_000 });
    const asAdmin = await t.call('GET', `/api/profile/ledger?profileId=${member.profileId}`, { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.map((r: { documentNo: string }) => r.documentNo)).toEqual([inv.documentNo]);
    const own = await t.call('GET', `/api/profile/ledger?profileId=${member.profileId}`, { token: member.token });
    expect(own.status).toBe(200);
    for (const url of ['/api/profile/ledger', '/api/billing/balance', '/api/billing/history', '/api/subs', '/api/billing/pending']) {
      const response = await t.call('GET', `${url}?profileId=${member.profileId}`, { token: other.token });
      expect(response.status, url).toBe(404);
      expect(response.body.message).toBe(billingMessages.profileNotFound);
    }
    const unknown = await t.call('GET', '/api/billing/balance?profileId=PR999999', { token: adminToken });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/billing/pending', () => {
  it('lists only invoices with something left to pay and an external document number', async () => {
    const member = await memberWithLogin(t);
    const open = await invoice(t, member.profileId, { amountCents: 100_000, externalDocumentNo: 'APP000123' });
    const partly = await invoice(t, member.profileId, { amountCents: 50_000, externalDocumentNo: 'EVT-9' });
    await invoice(t, member.profileId, { amountCents: 70_000, externalDocumentNo: null });
    await invoice(t, member.profileId, { amountCents: 70_000, externalDocumentNo: '   ' });
    const settled = await invoice(t, member.profileId, { amountCents: 30_000, externalDocumentNo: 'EVT-10' });
    await pay(t, member.profileId, 30_000, { invoiceNo: settled.documentNo });
    await pay(t, member.profileId, 20_000, { invoiceNo: partly.documentNo });

    const response = await t.call('GET', '/api/billing/pending', { token: member.token });
    expect(response.status).toBe(200);
    const rows = response.body.data as { documentNo: string; remainingAmtLCY: number; documentType: string }[];
    expect(rows.map((r) => r.documentNo).sort()).toEqual([open.documentNo, partly.documentNo].sort());
    expect(rows.find((r) => r.documentNo === partly.documentNo)?.remainingAmtLCY).toBe(300);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(LEDGER_KEYS);
  });
});

describe('GET /api/billing/history', () => {
  it('lists one record per subscription receipt with the spec’s fields, newest subscription year first', async () => {
    const member = await memberWithLogin(t, { firstName: 'Peris', lastName: 'Wambui' });
    const y2025 = await subscribe(t, member, { period: '2025', amountCents: 580_000 });
    const y2026 = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    const first = await pay(t, member.profileId, 580_000, { invoiceNo: y2025.documentNo, phone: '254712345678', reference: 'QAB12CD34E' });
    const second = await pay(t, member.profileId, 100_050, {
      invoiceNo: y2026.documentNo,
      method: 'BANK',
      reference: 'BNK-778',
    });
    const fee = await invoice(t, member.profileId, { amountCents: 10_000, externalDocumentNo: 'EVT-77' });
    const third = await pay(t, member.profileId, 10_000, { invoiceNo: fee.documentNo, method: 'CARD', reference: 'CARD-1' });

    const response = await t.call('GET', '/api/billing/history', { token: member.token });
    expect(response.status).toBe(200);
    const records = response.body.data;
    // The event fee's receipt paid no subscription: it has no Year Of Subscription and is not listed (decision 034).
    expect(records).toHaveLength(2);
    expect(records.map((r: { paymentCode: string }) => r.paymentCode)).not.toContain(third.receiptNo);
    const email = member.profile.email;
    // 2026, then 2025.
    expect(records.map((r: { paymentCode: string }) => r.paymentCode)).toEqual([second.receiptNo, first.receiptNo]);
    expect(records[1]).toEqual({
      paymentCode: first.receiptNo,
      paymentDate: first.entry.documentDate,
      paymentFrom: '254712345678',
      paymentTo: expect.any(String),
      amount: 5800,
      paymentID: 'QAB12CD34E',
      paymentType: 'MPESA',
      yearOfSubscription: '2025',
      email,
      name: 'Peris Achieng Wambui',
      no: 2,
      memberNo: member.memberNo,
    });
    expect(records[1].paymentTo.length).toBeGreaterThan(0);
    // No phone on a bank payment: from the member by name.
    expect(records[0]).toMatchObject({ amount: 1000.5, paymentType: 'BANK', paymentID: 'BNK-778', yearOfSubscription: '2026', no: 1 });
    expect(records[0].paymentFrom).toBe('Peris Achieng Wambui');

    const other = await memberWithLogin(t);
    expect((await t.call('GET', '/api/billing/history', { token: other.token })).body.data).toEqual([]);

    const csv = paymentHistoryCsv(records, member.memberNo);
    expect(csv.fileName).toBe(`payment-history-${member.memberNo}.csv`);
    const lines = csv.content
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(PAYMENT_HISTORY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${first.receiptNo},${first.entry.documentDate},254712345678,`);
    expect(lines[2]).toContain(',5800.00,QAB12CD34E,MPESA,2025,');
    expect(lines[1]).toContain(',1000.50,BNK-778,BANK,2026,');
  });
});

describe('GET /api/billing/proforma/{code} and GET /api/billing/receipt/{code}', () => {
  it('gives the invoice PDF by number (raw or base64) or by its source, with name, numbers and amounts', async () => {
    const member = await memberWithLogin(t, { firstName: 'Kamau', lastName: 'Njoroge' });
    const sub = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    await pay(t, member.profileId, 100_000, { invoiceNo: sub.documentNo });

    const raw = await t.call('GET', `/api/billing/proforma/${sub.documentNo}`, { token: member.token });
    expect(raw.status).toBe(200);
    const text = await pdfText(raw.body.data);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Kamau Achieng Njoroge');
    expect(text).toContain(`Member No. ${member.memberNo}`);
    expect(text).toContain(sub.documentNo);
    expect(text).toContain('Annual subscription 2026');
    expect(text).toContain('KES 5,800.00');
    expect(text).toContain('KES 1,000.00');
    expect(text).toContain('KES 4,800.00');
    expect(text).toContain('PARTLY PAID');
    expect(text).toMatch(/Document No\. INV-[0-9A-Z]{4}-/);

    const encoded = await t.call('GET', `/api/billing/proforma/${encodeURIComponent(encodeBase64(sub.documentNo))}`, {
      token: member.token,
    });
    expect(encoded.status).toBe(200);
    const bySource = await t.call('GET', `/api/billing/proforma/${member.memberNo}-2026`, { token: member.token });
    expect(bySource.status).toBe(200);
    // One verifiable number per invoice, however it is fetched.
    const numbers = new Set(
      [text, await pdfText(encoded.body.data), await pdfText(bySource.body.data)].map((x) => /INV-[0-9A-Z-]{19}/.exec(x)?.[0]),
    );
    expect(numbers.size).toBe(1);
  });

  it("answers 404 'Invalid receipt No.' for unknown, empty-looking and other members' documents", async () => {
    const member = await memberWithLogin(t);
    const other = await memberWithLogin(t);
    const theirs = await invoice(t, other.profileId, { amountCents: 10_000 });
    const theirReceipt = await pay(t, other.profileId, 10_000, { invoiceNo: theirs.documentNo });
    for (const url of [
      `/api/billing/proforma/${theirs.documentNo}`,
      '/api/billing/proforma/INV999999',
      '/api/billing/proforma/%20',
      `/api/billing/receipt/${theirReceipt.receiptNo}`,
      `/api/billing/receipt/${encodeBase64(theirReceipt.receiptNo)}`,
      '/api/billing/receipt/RCT999999',
      // An invoice number is not a receipt.
      `/api/billing/receipt/${theirs.documentNo}`,
    ]) {
      const response = await t.call('GET', url, { token: member.token });
      expect(response.status, url).toBe(404);
      expect(response.body.message, url).toBe(billingMessages.invalidReceipt);
    }
    // The owner and an admin may read them.
    expect((await t.call('GET', `/api/billing/receipt/${theirReceipt.receiptNo}`, { token: other.token })).status).toBe(200);
    expect((await t.call('GET', `/api/billing/proforma/${theirs.documentNo}`, { token: adminToken })).status).toBe(200);
  });

  it('gives the receipt PDF: who paid, how, how much and which invoices it settled', async () => {
    const member = await memberWithLogin(t, { firstName: 'Akinyi', lastName: 'Otieno' });
    const older = await invoice(t, member.profileId, {
      amountCents: 20_000,
      description: 'Event booking',
      dueDate: '2026-02-01',
      documentDate: '2026-01-15',
    });
    const sub = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    const posted = await pay(t, member.profileId, 650_000, { invoiceNo: sub.documentNo, reference: 'QZX98YT65R', phone: '254700111222' });

    const response = await t.call('GET', `/api/billing/receipt/${encodeBase64(posted.receiptNo)}`, { token: member.token });
    expect(response.status).toBe(200);
    const text = await pdfText(response.body.data);
    expect(text).toContain('RECEIPT');
    expect(text).toContain(posted.receiptNo);
    expect(text).toContain('Akinyi Achieng Otieno');
    expect(text).toContain(`Member No. ${member.memberNo}`);
    expect(text).toContain('M-Pesa');
    expect(text).toContain('QZX98YT65R');
    expect(text).toContain('Paid from: +254 700 111 222');
    expect(text).toContain('KES 6,500.00');
    expect(text).toContain(sub.documentNo);
    expect(text).toContain(older.documentNo);
    // The table of applied invoices in the portal's one money format, under a plain 'Amount' (decision 040).
    expect(text).toContain('KES 5,800.00');
    expect(text).toContain('KES 200.00');
    expect(text).not.toContain('Amount (KES)');
    expect(text).not.toContain('Ksh');
    // 6,500 - 5,800 - 200 left as credit.
    expect(text).toContain('KES 500.00');
    expect(text).toMatch(/Document No\. RCP-[0-9A-Z]{4}-/);
  });

  it('gives the invoice of an application fee by the application code', async () => {
    const member = await memberWithLogin(t);
    const fee = await invoice(t, member.profileId, {
      amountCents: 232_000,
      description: 'Application fee APP009999',
      externalDocumentNo: 'APP009999',
    });
    const response = await t.call('GET', '/api/billing/proforma/APP009999', { token: member.token });
    expect(response.status).toBe(200);
    const text = await pdfText(response.body.data);
    expect(text).toContain(fee.documentNo);
    expect(text).toContain('KES 2,320.00');
    expect(text).toContain('UNPAID');
  });

  it('treats a credit note as a correction: the invoice shows it applied, and the history does not list it', async () => {
    const member = await memberWithLogin(t);
    const inv = await invoice(t, member.profileId, { amountCents: 100_000 });
    const crn = await creditNote(t, member.profileId, 100_000, inv.documentNo);
    const text = await pdfText((await t.call('GET', `/api/billing/proforma/${inv.documentNo}`, { token: member.token })).body.data);
    expect(text).toContain(crn.documentNo);
    expect(text).toContain('PAID IN FULL');
    expect((await t.call('GET', '/api/billing/history', { token: member.token })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/billing/receipt/${crn.documentNo}`, { token: member.token })).status).toBe(404);
  });
});
