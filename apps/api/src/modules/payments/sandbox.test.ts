import { paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { expectSoundLedger, listen, memberWithInvoice, paymentRequest, paymentRow, receipts } from '../../../test/payments';
import { findInvoice } from '../billing/index';
import { DarajaClient, darajaPassword, darajaTimestamp } from './daraja';
import { recoverPendingPayments } from './recovery';

// No MPESA_BASE_URL: the built-in sandbox plays Daraja over real HTTP inside the app.
const t = await createTestApp({ mpesaSandboxDelayMs: 300 });
const origin = await listen(t);
afterEach(() => expectSoundLedger(t));

async function waitFor(token: string, id: string, timeoutMs = 8000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.call('GET', `/api/payments/${id}`, { token });
    if (response.body.data.status !== 'pending' || Date.now() > until) return response.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pushTo(phone: string, amountCents = 232_000) {
  const member = await memberWithInvoice(t, { amountCents });
  const response = await t.call('POST', '/api/payments', {
    token: member.token,
    body: { request: paymentRequest(member.invoice.documentNo), provider: 'MPESA', phone },
  });
  expect(response.status).toBe(200);
  return { ...member, payment: response.body.data };
}

describe('the built-in M-Pesa sandbox', () => {
  it('pays end to end: push, callback a moment later, receipt posted', async () => {
    const push = await pushTo('0712345678');
    expect(push.payment).toMatchObject({ status: 'pending', customerMessage: 'Success. Request accepted for processing' });
    const done = await waitFor(push.token, push.payment.id);
    expect(done.status).toBe('succeeded');
    expect(done.receiptNo).toMatch(/^RCT\d+$/);
    expect(done.providerReference).toMatch(/^S[A-Z]{2}[A-Z0-9]{7}$/);
    expect((await findInvoice(t.db, push.invoice.documentNo))?.remainingCents).toBe(0);
    const [callback] = await t.db
      .select()
      .from(schema.paymentCallbacks)
      .where(eq(schema.paymentCallbacks.checkoutRequestId, (await paymentRow(t, push.payment.id)).checkoutRequestId as string));
    expect(callback.outcome).toBe('posted');
    const meta = (callback.payload as { Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } } }).Body
      .stkCallback.CallbackMetadata.Item;
    expect(meta.find((i) => i.Name === 'Amount')?.Value).toBe(2320);
    expect(meta.find((i) => i.Name === 'PhoneNumber')?.Value).toBe(254712345678);
    expect(String(meta.find((i) => i.Name === 'TransactionDate')?.Value)).toMatch(/^\d{14}$/);
  });

  it('cancels for a phone ending 0000 (ResultCode 1032)', async () => {
    const push = await pushTo('0712340000');
    const done = await waitFor(push.token, push.payment.id);
    expect(done).toMatchObject({ status: 'failed', message: 'Request cancelled by user', receiptNo: null });
    expect(await receipts(t, push.profileId)).toHaveLength(0);
  });

  it('never calls back for a phone ending 1111; the query job finds the payment', async () => {
    const push = await pushTo('0712341111', 50_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await paymentRow(t, push.payment.id)).status).toBe('pending');
    await recoverPendingPayments(t, new Date(Date.now() + 60_000));
    const done = await waitFor(push.token, push.payment.id, 0);
    expect(done).toMatchObject({ status: 'succeeded', message: paymentMessages.succeeded });
    expect(await receipts(t, push.profileId)).toHaveLength(1);
  });

  it("answers a query about another instance's push: nothing is kept in one process (decision 039)", async () => {
    // A second portal process with the same Daraja settings, as a worker instance beside a web instance.
    const other = await createTestApp({ mpesaSandboxDelayMs: 300 });
    const otherOrigin = await listen(other);
    const push = await pushTo('0712341111', 40_000);
    const { checkoutRequestId } = await paymentRow(t, push.payment.id);
    const settings = { consumerKey: t.config.mpesaConsumerKey, consumerSecret: t.config.mpesaConsumerSecret };
    const atOther = new DarajaClient({
      ...settings,
      baseUrl: `${otherOrigin}/api/sandbox/daraja`,
      shortcode: '174379',
      passkey: t.config.mpesaPasskey,
    });
    await expect(atOther.stkQuery(checkoutRequestId as string)).rejects.toMatchObject({ kind: 'processing' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(atOther.stkQuery(checkoutRequestId as string)).resolves.toMatchObject({
      ResultCode: '0',
      CheckoutRequestID: checkoutRequestId,
    });

    // A token one instance issued is good at the other; a changed id or token is not.
    const token = await new DarajaClient({ ...atOther.settings, baseUrl: `${origin}/api/sandbox/daraja` }).accessToken();
    const query = (id: string, bearer = token) =>
      fetch(`${otherOrigin}/api/sandbox/daraja/mpesa/stkpushquery/v1/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          ...atOther.stkPushBody({
            amount: 1,
            phone: '254712345678',
            callbackUrl: 'http://x/',
            accountReference: 'A',
            transactionDesc: 'B',
          }),
          CheckoutRequestID: id,
        }),
      });
    expect((await query(checkoutRequestId as string)).status).toBe(200);
    const last = (checkoutRequestId as string).slice(-1);
    const forged = `${(checkoutRequestId as string).slice(0, -1)}${last === '9' ? '0' : String(Number(last) + 1)}`;
    const refused = await query(forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
    expect((await query(checkoutRequestId as string, `${token}x`)).status).toBe(401);
  });

  it('checks credentials and the password like Daraja', async () => {
    const base = `${origin}/api/sandbox/daraja`;
    const badAuth = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${Buffer.from('who:me').toString('base64')}` },
    });
    expect(badAuth.status).toBe(400);
    expect(await badAuth.json()).toMatchObject({ errorCode: '400.008.01' });

    const noToken = await fetch(`${base}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(noToken.status).toBe(401);

    const tokenAnswer = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${Buffer.from(`${t.config.mpesaConsumerKey}:${t.config.mpesaConsumerSecret}`).toString('base64')}` },
    });
    const { access_token, expires_in } = (await tokenAnswer.json()) as { access_token: string; expires_in: string };
    expect(expires_in).toBe('3599');
    const timestamp = darajaTimestamp(new Date());
    const body = {
      BusinessShortCode: '174379',
      Password: darajaPassword('174379', 'not-the-passkey', timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: 'http://portal.test/api/payments/mpesa/callback',
      AccountReference: 'INV000001',
      TransactionDesc: 'Subscription',
    };
    const post = (payload: unknown) =>
      fetch(`${base}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const wrongPassword = await post(body);
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { errorMessage: string }).errorMessage).toBe('Bad Request - Invalid Password');
    const goodPassword = darajaPassword('174379', t.config.mpesaPasskey, timestamp);
    const tooLong = await post({ ...body, Password: goodPassword, AccountReference: 'ABCDEFGHIJKLM' });
    expect(((await tooLong.json()) as { errorMessage: string }).errorMessage).toBe('Bad Request - Invalid AccountReference');
  });
});
