import { paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_KEY, FAKE_SECRET, failureCallback, startFakeDaraja, successCallback } from '../../../test/fake-daraja';
import { createTestApp } from '../../../test/harness';
import { expectSoundLedger, listen, memberWithInvoice, paymentRequest, paymentRow, receipts } from '../../../test/payments';
import { findInvoice } from '../billing/index';
import { recoverPendingPayments } from './recovery';

const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const fake = await startFakeDaraja();
const t = await createTestApp({ mpesaBaseUrl: fake.url, mpesaConsumerKey: FAKE_KEY, mpesaConsumerSecret: FAKE_SECRET });
const origin = await listen(t);
const callbackUrl = `${origin}/api/payments/mpesa/callback`;
const { paymentCallbacks, outbox } = schema;

afterEach(async () => {
  vi.useRealTimers();
  await expectSoundLedger(t);
});

/** A member with an open invoice and a pending M-Pesa push for it. */
async function pendingPush(amountCents = 232_000) {
  const member = await memberWithInvoice(t, { amountCents });
  const response = await t.call('POST', '/api/payments', {
    token: member.token,
    body: { request: paymentRequest(member.invoice.documentNo), provider: 'MPESA' },
  });
  expect(response.status).toBe(200);
  const payment = await paymentRow(t, response.body.data.id);
  return { ...member, response, payment, checkoutRequestId: payment.checkoutRequestId as string };
}

/** Outcomes in the order the callbacks arrived (PostgreSQL returns updated rows in any order without one). */
async function callbackOutcomes(checkoutRequestId: string) {
  const rows = await t.db
    .select()
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.checkoutRequestId, checkoutRequestId))
    .orderBy(asc(paymentCallbacks.id));
  return rows.map((r) => r.outcome);
}

describe('POST /api/payments with MPESA', () => {
  it('sends Daraja the STK push byte for byte: Nairobi timestamp, password, normalised phone, the invoice amount', async () => {
    const member = await memberWithInvoice(t, { amountCents: 232_000 });
    // 07:21:15 UTC is 10:21:15 in Nairobi.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T07:21:15Z'));
    const before = fake.pushes().length;
    const response = await t.call('POST', '/api/payments', {
      token: member.token,
      // The browser claims 1 shilling; the invoice says 2,320.
      body: { request: paymentRequest(member.invoice.documentNo, { amount: 1, accountNo: '0712345678' }), provider: 'MPESA' },
    });
    vi.useRealTimers();
    expect(response.status).toBe(200);
    const [push] = fake.pushes().slice(before);
    const timestamp = '20260115102115';
    expect(push.raw).toBe(
      JSON.stringify({
        BusinessShortCode: '174379',
        Password: Buffer.from(`174379${PASSKEY}${timestamp}`).toString('base64'),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 2320,
        PartyA: '254712345678',
        PartyB: '174379',
        PhoneNumber: '254712345678',
        CallBackURL: 'http://portal.test/api/payments/mpesa/callback',
        AccountReference: member.invoice.documentNo,
        TransactionDesc: 'Subscription',
      }),
    );
    expect(push.headers['content-type']).toBe('application/json');
    expect(push.headers.authorization).toMatch(/^Bearer [0-9a-f]{24}$/);

    const payment = await paymentRow(t, response.body.data.id);
    expect(response.body.data).toMatchObject({
      id: payment.id,
      status: 'pending',
      provider: 'MPESA',
      amount: 2320,
      invoiceNo: member.invoice.documentNo,
      receiptNo: null,
      customerMessage: 'Success. Request accepted for processing',
      successUrl: '/subscription',
      failUrl: '/checkout',
    });
    expect(payment).toMatchObject({ amountCents: 232_000, phone: '254712345678', status: 'pending', profileId: member.profileId });
    expect(payment.checkoutRequestId).toMatch(/^ws_CO_FAKE/);
    expect(payment.merchantRequestId).toBeTruthy();
  });

  it('uses the phone given at checkout (+254… or 07…), rounds cents up to whole shillings, and reuses one token', async () => {
    const member = await memberWithInvoice(t, { amountCents: 100_050 });
    const before = fake.pushes().length;
    let oauthAfterFirst = 0;
    // Any usual way of writing it (decision 040), Daraja always gets 2547… / 2541….
    for (const phone of ['+254 722 000 111', '0110123456', '0722-000-112']) {
      const response = await t.call('POST', '/api/payments', {
        token: member.token,
        body: { request: paymentRequest(member.invoice.documentNo, { accountNo: '' }), provider: 'MPESA', phone },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.amount).toBe(1001);
      oauthAfterFirst ||= fake.oauthCalls().length;
    }
    const pushes = fake.pushes().slice(before);
    expect(pushes.map((p) => [p.json.PhoneNumber, p.json.PartyA, p.json.Amount])).toEqual([
      ['254722000111', '254722000111', 1001],
      ['254110123456', '254110123456', 1001],
      ['254722000112', '254722000112', 1001],
    ]);
    // The second push reuses the first one's token.
    expect(fake.oauthCalls().length).toBe(oauthAfterFirst);
    expect(pushes[0].headers.authorization).toBe(pushes[1].headers.authorization);
  });

  it('refuses a missing or non-Safaricom phone, and maps a refused push to a clear message', async () => {
    const member = await memberWithInvoice(t);
    const noPhone = await t.call('POST', '/api/payments', {
      token: member.token,
      body: { request: paymentRequest(member.invoice.documentNo, { accountNo: '' }), provider: 'MPESA' },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toBe(paymentMessages.phoneRequired);
    const badPhone = await t.call('POST', '/api/payments', {
      token: member.token,
      body: { request: paymentRequest(member.invoice.documentNo), provider: 'MPESA', phone: '12345' },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors.phone).toEqual([paymentMessages.phoneInvalid]);

    fake.state.pushAnswers.push({
      status: 400,
      body: { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' },
    });
    const refused = await t.call('POST', '/api/payments', {
      token: member.token,
      body: { request: paymentRequest(member.invoice.documentNo), provider: 'MPESA' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(paymentMessages.mpesaRefused('Bad Request - Invalid PhoneNumber'));
    const [failed] = (await t.db.select().from(schema.payments).where(eq(schema.payments.profileId, member.profileId))).filter(
      (p) => p.status === 'failed',
    );
    expect(failed).toMatchObject({ resultCode: '400.002.02', checkoutRequestId: null });
  });
});

describe('POST /api/payments/mpesa/callback', () => {
  it('posts exactly one receipt when 50 identical success callbacks arrive at once', async () => {
    const push = await pendingPush(232_000);
    const payload = successCallback({
      checkoutRequestId: push.checkoutRequestId,
      amount: 2320,
      receipt: 'SGR7ABC123',
      phone: '254712345678',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => fake.sendCallback(callbackUrl, payload)));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });

    const paid = await receipts(t, push.profileId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountCents: -232_000, remainingCents: 0, externalDocumentNo: 'SGR7ABC123' });
    expect((await findInvoice(t.db, push.invoice.documentNo))?.remainingCents).toBe(0);
    const payment = await paymentRow(t, push.payment.id);
    expect(payment).toMatchObject({ status: 'succeeded', providerReference: 'SGR7ABC123', receiptNo: paid[0].documentNo, resultCode: '0' });
    // Daraja's TransactionDate (Nairobi) is the receipt's date.
    expect(paid[0].documentDate).toBe('2026-01-15');

    const outcomes = await callbackOutcomes(push.checkoutRequestId);
    expect(outcomes).toHaveLength(50);
    expect(outcomes.filter((o) => o === 'posted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);

    const mails = (await t.outboxFor(push.user.email)).filter((m) => m.subject?.startsWith('Payment received'));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(paid[0].documentNo);
    expect(mails[0].body).toContain('SGR7ABC123');

    const status = await t.call('GET', `/api/payments/${push.payment.id}`, { token: push.token });
    expect(status.body.data).toMatchObject({
      status: 'succeeded',
      receiptNo: paid[0].documentNo,
      providerReference: 'SGR7ABC123',
      message: paymentMessages.succeeded,
    });
  });

  it('posts nothing for an unknown CheckoutRequestID, a different amount, or a payload that is not a callback', async () => {
    const push = await pendingPush(50_000);
    const unknown = await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: 'ws_CO_NOBODY', amount: 500, receipt: 'SGR7UNKNWN' }),
    );
    expect(unknown.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await callbackOutcomes('ws_CO_NOBODY')).toEqual(['unknown']);

    await fake.sendCallback(callbackUrl, successCallback({ checkoutRequestId: push.checkoutRequestId, amount: 1, receipt: 'SGR7CHEAP1' }));
    expect(await callbackOutcomes(push.checkoutRequestId)).toEqual(['amount_mismatch']);
    expect(await receipts(t, push.profileId)).toHaveLength(0);
    expect((await paymentRow(t, push.payment.id)).status).toBe('pending');

    const garbage = await fake.sendCallback(callbackUrl, { hello: 'world' });
    expect(garbage.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const [kept] = await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outcome, 'invalid'));
    expect(kept.payload).toEqual({ hello: 'world' });

    // The real confirmation still posts.
    await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: push.checkoutRequestId, amount: 500, receipt: 'SGR7REAL01' }),
    );
    expect(await receipts(t, push.profileId)).toHaveLength(1);
  });

  it('fails on a failure callback; a later success for the same push still posts; nothing overwrites a success', async () => {
    const push = await pendingPush(100_000);
    await fake.sendCallback(callbackUrl, failureCallback(push.checkoutRequestId));
    let status = await t.call('GET', `/api/payments/${push.payment.id}`, { token: push.token });
    expect(status.body.data).toMatchObject({ status: 'failed', message: 'Request cancelled by user', receiptNo: null });

    // Money moved after all (out-of-order callbacks): the success is posted.
    await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: push.checkoutRequestId, amount: 1000, receipt: 'SGR7LATE01' }),
    );
    status = await t.call('GET', `/api/payments/${push.payment.id}`, { token: push.token });
    expect(status.body.data.status).toBe('succeeded');
    expect(await receipts(t, push.profileId)).toHaveLength(1);

    // A failure after the success changes nothing.
    await fake.sendCallback(callbackUrl, failureCallback(push.checkoutRequestId, 1037, 'DS timeout user cannot be reached'));
    expect((await paymentRow(t, push.payment.id)).status).toBe('succeeded');
    expect(await callbackOutcomes(push.checkoutRequestId)).toEqual(['failed', 'posted', 'ignored_failure']);
  });

  it('never posts one M-Pesa receipt number twice, even for two different pushes', async () => {
    const first = await pendingPush(10_000);
    const second = await pendingPush(10_000);
    await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: first.checkoutRequestId, amount: 100, receipt: 'SGR7TWICE1' }),
    );
    await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: second.checkoutRequestId, amount: 100, receipt: 'SGR7TWICE1' }),
    );
    expect(await receipts(t, first.profileId)).toHaveLength(1);
    expect(await receipts(t, second.profileId)).toHaveLength(0);
    expect((await paymentRow(t, second.payment.id)).status).toBe('pending');
    expect(await callbackOutcomes(second.checkoutRequestId)).toEqual(['duplicate']);
  });
});

describe('recoverPendingPayments', () => {
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('recovers a lost callback through stkpushquery; the late callback then posts nothing more', async () => {
    const push = await pendingPush(232_000);
    fake.answerQuery(push.checkoutRequestId, 0, 'The service request is processed successfully.');
    const asked = (from: number) =>
      fake
        .queries()
        .slice(from)
        .filter((q) => q.json.CheckoutRequestID === push.checkoutRequestId);
    // Too young to query.
    const young = fake.queries().length;
    await recoverPendingPayments(t, later(5));
    expect(asked(young)).toHaveLength(0);

    const queriesBefore = fake.queries().length;
    const report = await recoverPendingPayments(t, later(60));
    expect(report.succeeded).toBeGreaterThanOrEqual(1);
    const [query] = asked(queriesBefore);
    expect(Object.keys(query?.json ?? {})).toEqual(['BusinessShortCode', 'Password', 'Timestamp', 'CheckoutRequestID']);
    expect(query?.json.Password).toBe(Buffer.from(`174379${PASSKEY}${query?.json.Timestamp}`).toString('base64'));

    let payment = await paymentRow(t, push.payment.id);
    expect(payment).toMatchObject({ status: 'succeeded', providerReference: `QUERY-${push.checkoutRequestId}`, queryAttempts: 1 });
    const paid = await receipts(t, push.profileId);
    expect(paid).toHaveLength(1);
    expect(payment.receiptNo).toBe(paid[0].documentNo);

    // The late callback: its receipt number is recorded, nothing is posted.
    const late = successCallback({ checkoutRequestId: push.checkoutRequestId, amount: 2320, receipt: 'SGR7LOST01' });
    await fake.sendCallback(callbackUrl, late);
    await fake.sendCallback(callbackUrl, late);
    expect(await receipts(t, push.profileId)).toHaveLength(1);
    payment = await paymentRow(t, push.payment.id);
    expect(payment).toMatchObject({ status: 'succeeded', providerReference: 'SGR7LOST01', receiptNo: paid[0].documentNo });
    expect(await callbackOutcomes(push.checkoutRequestId)).toEqual(['receipt_recorded', 'duplicate']);

    // Succeeded payments are never queried again.
    const again = fake.queries().length;
    await recoverPendingPayments(t, later(600));
    expect(asked(again)).toHaveLength(0);
  });

  it('fails a push Daraja reports failed, waits while it is processing, and expires it in the end', async () => {
    const cancelled = await pendingPush(10_000);
    const waiting = await pendingPush(10_000);
    fake.answerQuery(cancelled.checkoutRequestId, 1032, 'Request cancelled by user');

    await recoverPendingPayments(t, later(60));
    expect(await paymentRow(t, cancelled.payment.id)).toMatchObject({ status: 'failed', resultCode: '1032' });
    expect(await paymentRow(t, waiting.payment.id)).toMatchObject({ status: 'pending', queryAttempts: 1 });

    // Not asked again within the query interval.
    const before = fake.queries().length;
    await recoverPendingPayments(t, later(61));
    expect(
      fake
        .queries()
        .slice(before)
        .some((q) => q.json.CheckoutRequestID === waiting.checkoutRequestId),
    ).toBe(false);

    await recoverPendingPayments(t, later(t.config.mpesaExpireAfterSeconds + 5));
    expect(await paymentRow(t, waiting.payment.id)).toMatchObject({ status: 'expired', resultCode: '500.001.1001' });
    const status = await t.call('GET', `/api/payments/${waiting.payment.id}`, { token: waiting.token });
    expect(status.body.data).toMatchObject({ status: 'expired', message: paymentMessages.expired });
    expect(await receipts(t, waiting.profileId)).toHaveLength(0);
  });

  it('claims each pending push once when two runs overlap', async () => {
    const push = await pendingPush(10_000);
    fake.answerQuery(push.checkoutRequestId, 0, 'The service request is processed successfully.');
    const before = fake.queries().length;
    await Promise.all([recoverPendingPayments(t, later(60)), recoverPendingPayments(t, later(60))]);
    expect(
      fake
        .queries()
        .slice(before)
        .filter((q) => q.json.CheckoutRequestID === push.checkoutRequestId),
    ).toHaveLength(1);
    expect(await receipts(t, push.profileId)).toHaveLength(1);
  });
});

describe('the member receipt email', () => {
  it('is not sent to a member who turned email updates off', async () => {
    const push = await pendingPush(10_000);
    await t.db.update(schema.users).set({ emailUpdates: 0 }).where(eq(schema.users.id, push.user.id));
    await fake.sendCallback(
      callbackUrl,
      successCallback({ checkoutRequestId: push.checkoutRequestId, amount: 100, receipt: 'SGR7QUIET1' }),
    );
    expect((await paymentRow(t, push.payment.id)).status).toBe('succeeded');
    expect(await t.db.select().from(outbox).where(eq(outbox.to, push.user.email))).toHaveLength(0);
  });
});
