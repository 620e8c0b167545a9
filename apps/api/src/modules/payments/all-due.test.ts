import { ALL_DUE, paymentMessages } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, invoiceFor, paymentFor, subscriptionFor } from '../../../test/billing';
import { FAKE_KEY, FAKE_SECRET, startFakeDaraja, successCallback } from '../../../test/fake-daraja';
import { createMember, createTestApp, signIn } from '../../../test/harness';
import { expectSoundLedger, listen, paymentRequest, paymentRow, receipts } from '../../../test/payments';
import { confirmCardResult } from './card';

const fake = await startFakeDaraja();
const t = await createTestApp({ mpesaBaseUrl: fake.url, mpesaConsumerKey: FAKE_KEY, mpesaConsumerSecret: FAKE_SECRET });
const origin = await listen(t);
const callbackUrl = `${origin}/api/payments/mpesa/callback`;

afterEach(async () => {
  await expectSoundLedger(t);
});

/**
 * A signed-in member with three unpaid documents, made out of date order on purpose: this year's subscription
 * (due 31 March), last year's (overdue) and an event booking invoiced today with a partial payment already on it.
 */
async function memberInArrears() {
  const member = await createMember(t.db, { withUser: true });
  if (!member.user) throw new Error('member without user');
  const token = await signIn(t, member.user.email);
  const who = { profileId: member.profile.profileId, memberNo: member.profile.memberNo as string };
  const current = await subscriptionFor(t, who, '2026', { dueDate: '2026-03-31' });
  const previous = await subscriptionFor(t, who, '2025', { dueDate: '2025-03-31' });
  const event = await invoiceFor(t, who.profileId, { amountCents: 350_000, description: 'Event booking BK0001', dueDate: '2026-06-30' });
  await paymentFor(t, who.profileId, 50_000, { invoiceNo: event.documentNo });
  return { ...who, user: member.user, token, previous, current, event };
}

const allDue = (token: string) => t.call('GET', '/api/billing/due', { token });
const payAll = (token: string, provider: 'MPESA' | 'CARD' | 'CREDIT' = 'MPESA') =>
  t.call('POST', '/api/payments', { token, body: { request: paymentRequest(ALL_DUE, { success_url: '/dashboard' }), provider } });

/** Starts an M-Pesa payment of everything due; answers the attempt and its CheckoutRequestID. */
async function pushAll(token: string) {
  const started = await payAll(token);
  expect(started.status).toBe(200);
  const row = await paymentRow(t, started.body.data.id);
  return { started: started.body.data, row, checkoutRequestId: row.checkoutRequestId as string };
}

describe('GET /api/billing/due', () => {
  it('lists what the member owes oldest first, with what each amount is made of, and the total', async () => {
    const m = await memberInArrears();
    const due = await allDue(m.token);
    expect(due.status).toBe(200);
    expect(due.body.data.documents.map((d: { documentNo: string }) => d.documentNo)).toEqual([
      m.previous.documentNo,
      m.current.documentNo,
      m.event.documentNo,
    ]);
    const [previous, , event] = due.body.data.documents;
    // 5,800 including 16% VAT: 5,000 and 800.
    expect(previous).toMatchObject({ description: 'Annual subscription 2025', dueDate: '2025-03-31', amount: 5800, remaining: 5800 });
    expect(previous.breakdown).toEqual([
      { label: 'Fee', amount: 5000 },
      { label: 'VAT 16%', amount: 800 },
    ]);
    // 3,500 of which 500 is paid: the lines add up to what is left.
    expect(event.remaining).toBe(3000);
    expect(event.breakdown).toEqual([
      { label: 'Fee', amount: 3017.24 },
      { label: 'VAT 16%', amount: 482.76 },
      { label: 'Paid already', amount: -500 },
    ]);
    expect(due.body.data).toMatchObject({ owed: 14_600, credit: 0, total: 14_600 });
  });

  it('is empty for a member who owes nothing, and only ever shows the caller’s own documents', async () => {
    const m = await memberInArrears();
    const other = await createMember(t.db, { withUser: true });
    const token = await signIn(t, other.user?.email as string);
    const due = await allDue(token);
    expect(due.body.data).toEqual({ documents: [], owed: 0, credit: 0, total: 0 });
    const refused = await payAll(token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(paymentMessages.nothingDue);
    expect((await entry(t, m.previous.documentNo)).remainingCents).toBe(580_000);
  });

  it('shows the checkout what one invoice is made of', async () => {
    const m = await memberInArrears();
    const invoice = await t.call('GET', `/api/payments/invoice/${m.event.documentNo}`, { token: m.token });
    expect(invoice.body.data).toMatchObject({ remainingAmount: 3000, dueDate: '2026-06-30' });
    expect(invoice.body.data.breakdown.at(-1)).toEqual({ label: 'Paid already', amount: -500 });
  });
});

describe('paying everything due (sourceDocumentNo ALL-DUE)', () => {
  it('is one M-Pesa push for the total, allocated oldest first on one receipt, exactly once under duplicate callbacks', async () => {
    const m = await memberInArrears();
    const before = fake.pushes().length;
    const { started, checkoutRequestId } = await pushAll(m.token);
    expect(started).toMatchObject({ status: 'pending', invoiceNo: ALL_DUE, amount: 14_600, remainingAmount: 14_600 });
    expect(started.documents).toEqual([m.previous.documentNo, m.current.documentNo, m.event.documentNo]);
    const pushes = fake.pushes().slice(before);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0].raw)).toMatchObject({ Amount: 14_600, AccountReference: ALL_DUE });

    // A callback for another amount is not this payment's confirmation; then the real one, sent twenty times.
    const partial = successCallback({ checkoutRequestId, amount: 5800, receipt: 'SAD1PARTIAL' });
    await fake.sendCallback(callbackUrl, partial);
    expect(await receipts(t, m.profileId)).toHaveLength(1);
    const payload = successCallback({ checkoutRequestId, amount: 14_600, receipt: 'SAD1ALLDUE' });
    await Promise.all(Array.from({ length: 20 }, () => fake.sendCallback(callbackUrl, payload)));
    // …and late, after it was posted.
    await fake.sendCallback(callbackUrl, payload);

    const posted = (await receipts(t, m.profileId)).filter((r) => r.externalDocumentNo === 'SAD1ALLDUE');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ amountCents: -1_460_000, remainingCents: 0 });
    for (const invoice of [m.previous, m.current, m.event]) expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);

    const status = await t.call('GET', `/api/payments/${started.id}`, { token: m.token });
    expect(status.body.data).toMatchObject({ status: 'succeeded', receiptNo: posted[0].documentNo, remainingAmount: 0 });
    expect(status.body.data.settled).toEqual([
      { invoiceNo: m.previous.documentNo, description: 'Annual subscription 2025', amount: 5800 },
      { invoiceNo: m.current.documentNo, description: 'Annual subscription 2026', amount: 5800 },
      { invoiceNo: m.event.documentNo, description: 'Event booking BK0001', amount: 3000 },
    ]);
    const mails = (await t.outboxFor(m.user.email)).filter((mail) => mail.subject?.startsWith('Payment received'));
    expect(mails).toHaveLength(1);
    for (const invoice of [m.previous, m.current, m.event]) expect(mails[0].body).toContain(invoice.documentNo);
    expect((await allDue(m.token)).body.data).toMatchObject({ documents: [], total: 0 });
  });

  it('uses the credit first and asks only for the rest', async () => {
    const credited = await createMember(t.db, { withUser: true });
    const token = await signIn(t, credited.user?.email as string);
    const who = { profileId: credited.profile.profileId, memberNo: credited.profile.memberNo as string };
    await paymentFor(t, who.profileId, 200_000);
    const a = await subscriptionFor(t, who, '2025');
    const b = await subscriptionFor(t, who, '2026');
    expect((await allDue(token)).body.data).toMatchObject({ owed: 11_600, credit: 2000, total: 9600 });

    const { started, checkoutRequestId } = await pushAll(token);
    expect(started.amount).toBe(9600);
    expect((await entry(t, a.documentNo)).remainingCents).toBe(380_000);
    await fake.sendCallback(callbackUrl, successCallback({ checkoutRequestId, amount: 9600, receipt: 'SAD2CREDIT' }));
    expect((await entry(t, a.documentNo)).remainingCents).toBe(0);
    expect((await entry(t, b.documentNo)).remainingCents).toBe(0);
  });

  it('settles with credit alone when the credit covers everything, and CREDIT applies it to all documents', async () => {
    const member = await createMember(t.db, { withUser: true });
    const token = await signIn(t, member.user?.email as string);
    const who = { profileId: member.profile.profileId, memberNo: member.profile.memberNo as string };
    await paymentFor(t, who.profileId, 1_500_000);
    await subscriptionFor(t, who, '2025');
    await subscriptionFor(t, who, '2026');
    const before = fake.pushes().length;
    const paid = await payAll(token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'succeeded', provider: 'CREDIT', amount: 11_600, remainingAmount: 0 });
    expect(paid.body.data.message).toBe(paymentMessages.creditSettledAll(11_600));
    expect(fake.pushes().length).toBe(before);
    expect((await allDue(token)).body.data).toMatchObject({ documents: [], credit: 3400, total: 0 });

    const m = await memberInArrears();
    await paymentFor(t, m.profileId, 100_000);
    const none = await payAll(m.token, 'CREDIT');
    // The payment without an invoice already settled the oldest; there is no credit left to use.
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(paymentMessages.noCredit);
  });

  it('puts what a document paid meanwhile no longer needs on the next one, then as credit', async () => {
    const m = await memberInArrears();
    const { checkoutRequestId } = await pushAll(m.token);
    // The middle document is paid at the bank while the member approves the prompt.
    await paymentFor(t, m.profileId, 580_000, { invoiceNo: m.current.documentNo, reference: 'FT-MEANWHILE' });
    await fake.sendCallback(callbackUrl, successCallback({ checkoutRequestId, amount: 14_600, receipt: 'SAD3MEANWHILE' }));
    for (const invoice of [m.previous, m.current, m.event]) expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    const [receipt] = (await receipts(t, m.profileId)).filter((r) => r.externalDocumentNo === 'SAD3MEANWHILE');
    expect(receipt.remainingCents).toBe(-580_000);
    expect((await allDue(m.token)).body.data).toMatchObject({ documents: [], credit: 5800, total: 0 });
  });

  it('a document raised after the payment started is settled only after the ones it was started for', async () => {
    const m = await memberInArrears();
    const { checkoutRequestId } = await pushAll(m.token);
    const older = await invoiceFor(t, m.profileId, { amountCents: 100_000, documentDate: '2020-01-01', dueDate: '2020-01-31' });
    await fake.sendCallback(callbackUrl, successCallback({ checkoutRequestId, amount: 14_600, receipt: 'SAD4LATER' }));
    for (const invoice of [m.previous, m.current, m.event]) expect((await entry(t, invoice.documentNo)).remainingCents).toBe(0);
    expect((await entry(t, older.documentNo)).remainingCents).toBe(100_000);
  });

  it('by card: one hosted payment for the total, posted once however often the gateway confirms it', async () => {
    const m = await memberInArrears();
    const started = await payAll(m.token, 'CARD');
    expect(started.status).toBe(200);
    expect(started.body.data.checkoutUrl).toContain(started.body.data.id);
    const result = { paymentId: started.body.data.id, approved: true, reference: 'CARD-ALLDUE1', amountCents: 1_460_000 };
    const outcomes = await Promise.all([confirmCardResult(t, result), confirmCardResult(t, result), confirmCardResult(t, result)]);
    expect(outcomes.filter((o) => o === 'posted')).toHaveLength(1);
    expect((await receipts(t, m.profileId)).filter((r) => r.externalDocumentNo === 'CARD-ALLDUE1')).toHaveLength(1);
    expect((await allDue(m.token)).body.data.total).toBe(0);
  });
});
