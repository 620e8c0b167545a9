import { encodeBase64, messages, paymentMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApplication } from '../../../test/applications';
import { createTestApp } from '../../../test/harness';
import { expectSoundLedger, memberWithInvoice, paymentRequest, paymentRow, receipts } from '../../../test/payments';
import { findInvoice, postPayment, raiseInvoice } from '../billing/index';

const t = await createTestApp();
afterEach(() => expectSoundLedger(t));

const pay = (token: string | undefined, request: string, provider = 'CARD', phone?: string) =>
  t.call('POST', '/api/payments', { token, body: { request, provider, phone } });

/** The hidden fields of one of the card page's forms. */
function cardForm(html: string, outcome: 'approved' | 'declined') {
  const form = html.split('<form').find((part) => part.includes(`value="${outcome}"`)) ?? '';
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '';
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
  return { action, body: new URLSearchParams({ outcome: field('outcome'), reference: field('reference'), signature: field('signature') }) };
}

async function postForm(url: string, body: URLSearchParams) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, location: response.headers.location, body: response.body };
}

describe('POST /api/payments: what may be paid', () => {
  it('needs a signed-in member and a readable request', async () => {
    const member = await memberWithInvoice(t);
    expect((await pay(undefined, paymentRequest(member.invoice.documentNo))).status).toBe(401);
    const garbled = await pay(member.token, 'not base64 at all!');
    expect(garbled.status).toBe(400);
    expect(garbled.body.message).toBe(paymentMessages.requestInvalid);
    const noDocument = await pay(member.token, encodeBase64(JSON.stringify({ payerID: 'x', amount: 10 })));
    expect(noDocument.status).toBe(400);
    const badProvider = await pay(member.token, paymentRequest(member.invoice.documentNo), 'BITCOIN');
    expect(badProvider.status).toBe(400);
  });

  it("answers 404 for someone else's document or an unknown one, 409 for a fully paid one", async () => {
    const owner = await memberWithInvoice(t);
    const other = await memberWithInvoice(t);
    const foreign = await pay(other.token, paymentRequest(owner.invoice.documentNo));
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(paymentMessages.documentNotFound);
    expect((await pay(other.token, paymentRequest('INV999999'))).status).toBe(404);
    expect(await t.db.select().from(schema.payments).where(eq(schema.payments.profileId, other.profileId))).toHaveLength(0);

    await postPayment(t.db, { profileId: owner.profileId, amountCents: owner.invoice.amountCents, method: 'BANK', reference: 'BANK-409' });
    const paid = await pay(owner.token, paymentRequest(owner.invoice.documentNo));
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(paymentMessages.alreadyPaid);
  });

  it('finds the invoice behind an application code, a subscription and an external document number', async () => {
    const member = await memberWithInvoice(t, { amountCents: 10_000 });
    const application = await createApplication(t, member.user.id, { profileId: member.profileId });
    const fee = await raiseInvoice(t.db, {
      profileId: member.profileId,
      purpose: 'application',
      description: 'Application fee',
      amountCents: 232_000,
      externalDocumentNo: application.code,
    });
    await t.db.update(schema.applications).set({ invoiceNo: fee.documentNo }).where(eq(schema.applications.code, application.code));
    const byCode = await pay(member.token, paymentRequest(application.code, { amount: 1 }));
    expect(byCode.status).toBe(200);
    expect(byCode.body.data).toMatchObject({ invoiceNo: fee.documentNo, amount: 2320, description: 'Application fee' });

    const memberNo = member.profile.memberNo as string;
    const subscription = await raiseInvoice(t.db, {
      profileId: member.profileId,
      purpose: 'subscription',
      description: 'Subscription 2027',
      amountCents: 500_000,
      externalDocumentNo: `${memberNo}-2027`,
    });
    await t.db.insert(schema.subscriptions).values({
      profileId: member.profileId,
      memberNo,
      period: '2027',
      categoryCode: 'PROFESSIONAL',
      invoiceNo: subscription.documentNo,
    });
    const byPeriod = await pay(member.token, paymentRequest(`${memberNo}-2027`));
    expect(byPeriod.body.data.invoiceNo).toBe(subscription.documentNo);

    const event = await raiseInvoice(t.db, {
      profileId: member.profileId,
      purpose: 'event',
      description: 'Annual conference',
      amountCents: 700_000,
      externalDocumentNo: 'EVT-0042',
    });
    const byExternal = await pay(member.token, paymentRequest('EVT-0042'));
    expect(byExternal.body.data.invoiceNo).toBe(event.documentNo);

    // Another member naming the same application code finds nothing.
    const other = await memberWithInvoice(t);
    expect((await pay(other.token, paymentRequest(application.code))).status).toBe(404);
  });

  it('keeps success_url and fail_url on this site', async () => {
    const member = await memberWithInvoice(t);
    const response = await pay(
      member.token,
      paymentRequest(member.invoice.documentNo, { success_url: 'https://evil.example/steal?x=1', fail_url: 'javascript:alert(1)' }),
    );
    expect(response.body.data).toMatchObject({ successUrl: '/steal?x=1', failUrl: '/billing' });
  });
});

describe('GET /api/payments/:id', () => {
  it("shows the owner's attempt and hides it from everyone else", async () => {
    const member = await memberWithInvoice(t);
    const created = await pay(member.token, paymentRequest(member.invoice.documentNo));
    const own = await t.call('GET', `/api/payments/${created.body.data.id}`, { token: member.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: created.body.data.id, status: 'pending', provider: 'CARD', receiptNo: null });

    const other = await memberWithInvoice(t);
    const foreign = await t.call('GET', `/api/payments/${created.body.data.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(paymentMessages.paymentNotFound);
    expect((await t.call('GET', '/api/payments/not-a-uuid', { token: member.token })).status).toBe(404);
    expect((await t.call('GET', `/api/payments/${created.body.data.id}`)).status).toBe(401);
  });
});

describe('CREDIT', () => {
  it("applies the member's unapplied credit at once, and refuses when there is none", async () => {
    const member = await memberWithInvoice(t, { amountCents: 10_000 });
    const none = await pay(member.token, paymentRequest(member.invoice.documentNo), 'CREDIT');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(paymentMessages.noCredit);

    // An overpayment leaves 1,000.00 of credit; then a new invoice of 2,320.00 arrives.
    await postPayment(t.db, { profileId: member.profileId, amountCents: 110_000, method: 'BANK', reference: 'BANK-CR1' });
    expect((await findInvoice(t.db, member.invoice.documentNo))?.remainingCents).toBe(0);
    const invoice = await raiseInvoice(t.db, {
      profileId: member.profileId,
      purpose: 'subscription',
      description: 'Subscription 2027',
      amountCents: 232_000,
    });
    const applied = await pay(member.token, paymentRequest(invoice.documentNo), 'CREDIT');
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({
      status: 'succeeded',
      provider: 'CREDIT',
      amount: 1000,
      invoiceNo: invoice.documentNo,
      receiptNo: null,
      remainingAmount: 1320,
      // Part of the invoice: what was applied and what remains, not 'Payment received'.
      message: 'KES 1,000.00 of credit applied; KES 1,320.00 remains to pay.',
    });
    expect(applied.body.data.message).toBe(paymentMessages.creditApplied(1000, 1320));
    expect((await findInvoice(t.db, invoice.documentNo))?.remainingCents).toBe(132_000);
    // The attempt read back says the same.
    const again = await t.call('GET', `/api/payments/${applied.body.data.id}`, { token: member.token });
    expect(again.body.data).toMatchObject({ message: applied.body.data.message, remainingAmount: 1320 });
    expect((await pay(member.token, paymentRequest(invoice.documentNo), 'CREDIT')).status).toBe(409);
  });

  it('says the invoice is paid in full when the credit covers all of it', async () => {
    const member = await memberWithInvoice(t, { amountCents: 50_000 });
    // An overpayment of 100.00 stays as credit; the next invoice is 40.00.
    await postPayment(t.db, { profileId: member.profileId, amountCents: 60_000, method: 'BANK', reference: 'BANK-CR2' });
    const invoice = await raiseInvoice(t.db, {
      profileId: member.profileId,
      purpose: 'subscription',
      description: 'Arrears',
      amountCents: 4_000,
    });
    const full = await pay(member.token, paymentRequest(invoice.documentNo), 'CREDIT');
    expect(full.body.data).toMatchObject({ amount: 40, remainingAmount: 0 });
    expect(full.body.data.message).toBe('KES 40.00 of credit applied; the invoice is paid in full.');
  });
});

describe('GET /api/payments/invoice/:code', () => {
  it('tells the checkout what a document was, what is left and its receipt; 404 for anyone else', async () => {
    const member = await memberWithInvoice(t, { amountCents: 580_000 });
    const open = await t.call('GET', `/api/payments/invoice/${member.invoice.documentNo}`, { token: member.token });
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual({
      invoiceNo: member.invoice.documentNo,
      description: member.invoice.description,
      amount: 5800,
      remainingAmount: 5800,
      receiptNo: null,
      breakdown: [
        { label: 'Fee', amount: 5000 },
        { label: 'VAT 16%', amount: 800 },
      ],
      dueDate: member.invoice.dueDate,
    });

    const { receiptNo } = await postPayment(t.db, {
      profileId: member.profileId,
      invoiceNo: member.invoice.documentNo,
      amountCents: 580_000,
      method: 'MPESA',
      reference: 'QAB12CD34E',
    });
    const paid = await t.call('GET', `/api/payments/invoice/${member.invoice.documentNo}`, { token: member.token });
    expect(paid.body.data).toMatchObject({ amount: 5800, remainingAmount: 0, receiptNo });

    const other = await memberWithInvoice(t);
    const foreign = await t.call('GET', `/api/payments/invoice/${member.invoice.documentNo}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(paymentMessages.documentNotFound);
    expect((await t.call('GET', `/api/payments/invoice/${member.invoice.documentNo}`)).status).toBe(401);
  });
});

describe('CARD (built-in hosted checkout)', () => {
  it('approves on the hosted page: one receipt, back to the checkout following the attempt; replays post nothing more', async () => {
    const member = await memberWithInvoice(t, { amountCents: 232_000 });
    const created = await pay(member.token, paymentRequest(member.invoice.documentNo, { success_url: '/subscription' }));
    expect(created.status).toBe(200);
    const { id, checkoutUrl } = created.body.data;
    expect(checkoutUrl).toBe(`/api/sandbox/card/${id}`);

    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The portal's one money format (decision 040), on the card page too.
    expect(page.body).toContain('KES 2,320.00');
    expect(page.body).toContain(member.invoice.documentNo);

    const approve = cardForm(page.body, 'approved');
    expect(approve.action).toBe(`/api/sandbox/card/${id}/result`);
    // A changed result is refused.
    const forged = await postForm(
      approve.action,
      new URLSearchParams({ ...Object.fromEntries(approve.body), reference: 'CARD-000000000000' }),
    );
    expect(forged.status).toBe(400);
    expect((await paymentRow(t, id)).status).toBe('pending');

    const done = await postForm(approve.action, approve.body);
    expect(done.status).toBe(303);
    // The checkout tells the outcome (the receipt) and then goes on to success_url, as it does for M-Pesa.
    expect(done.location).toBe(`/checkout?payment=${id}`);
    const payment = await paymentRow(t, id);
    const paid = await receipts(t, member.profileId);
    expect(paid).toHaveLength(1);
    expect(payment).toMatchObject({ status: 'succeeded', receiptNo: paid[0].documentNo, providerReference: approve.body.get('reference') });
    expect((await findInvoice(t.db, member.invoice.documentNo))?.remainingCents).toBe(0);

    const again = await postForm(approve.action, approve.body);
    expect(again.location).toBe(`/checkout?payment=${id}`);
    expect(await receipts(t, member.profileId)).toHaveLength(1);
    const status = await t.call('GET', `/api/payments/${id}`, { token: member.token });
    expect(status.body.data).toMatchObject({ status: 'succeeded', receiptNo: paid[0].documentNo, successUrl: '/subscription' });
    const mails = (await t.outboxFor(member.user.email)).filter((m) => m.subject?.startsWith('Payment received'));
    expect(mails).toHaveLength(1);
  });

  it('declines: the attempt fails with the card page’s reason, back to the checkout; an approval replayed afterwards posts nothing', async () => {
    const member = await memberWithInvoice(t, { amountCents: 50_000 });
    const created = await pay(member.token, paymentRequest(member.invoice.documentNo, { fail_url: '/billing/invoice/abc' }));
    const page = await t.app.inject({ method: 'GET', url: created.body.data.checkoutUrl });
    const decline = cardForm(page.body, 'declined');
    const approve = cardForm(page.body, 'approved');
    const declined = await postForm(decline.action, decline.body);
    expect(declined.status).toBe(303);
    const back = `/checkout?payment=${created.body.data.id}`;
    expect(declined.location).toBe(back);
    const status = await t.call('GET', `/api/payments/${created.body.data.id}`, { token: member.token });
    expect(status.body.data).toMatchObject({ status: 'failed', message: paymentMessages.cardDeclined, failUrl: '/billing/invoice/abc' });

    const late = await postForm(approve.action, approve.body);
    expect(late.location).toBe(back);
    expect(await receipts(t, member.profileId)).toHaveLength(0);
    const again = await t.app.inject({ method: 'GET', url: created.body.data.checkoutUrl });
    expect(again.body).toContain('This payment was declined.');
    expect(again.body).toContain(`href="${back}"`);
    expect(again.body).not.toContain('<form');
  });
});

describe('in production without gateways', () => {
  it('offers neither the sandboxes nor M-Pesa', async () => {
    const prod = await createTestApp({ env: 'production', mpesaSandbox: false, cardSandbox: false });
    const member = await memberWithInvoice(prod);
    for (const provider of ['MPESA', 'CARD']) {
      const response = await prod.call('POST', '/api/payments', {
        token: member.token,
        body: { request: paymentRequest(member.invoice.documentNo), provider },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(paymentMessages.providerUnavailable);
    }
    const sandbox = await prod.call('GET', '/api/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials');
    expect(sandbox.status).toBe(404);
    expect(sandbox.body.message).toContain(messages.notFound);
  });
});
