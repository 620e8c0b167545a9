import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { formatKes, fromCents, SANDBOX_MPESA_CANCEL_SUFFIX, SANDBOX_MPESA_LOST_CALLBACK_SUFFIX } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../shared/context';
import { organisationName } from '../../shared/organisation';
import { cardReturnPath, confirmCardResult, newCardReference, signCardResult, verifyCardSignature } from './card';
import { darajaPassword, darajaTimestamp } from './daraja';
import { localOrigin, mpesaSandboxMounted, registerLocalOrigin } from './mpesa';

const { payments } = schema;

/**
 * Built-in payment sandboxes (decision 024), mounted under /api/sandbox only outside production (or when
 * MPESA_SANDBOX / CARD_SANDBOX is on):
 * - Daraja: OAuth, STK push and STK query answered like Daraja, and the callback POSTed over HTTP a few seconds
 *   (MPESA_SANDBOX_DELAY_MS) after the push. Phones ending 0000 cancel (ResultCode 1032), phones ending 1111 pay
 *   but the callback is never sent (only the query job finds the payment); any other phone pays.
 * - Card: a hosted checkout page with Approve and Decline that posts a signed result back.
 */
export function paymentSandboxEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return mpesaSandboxMounted(ctx.config) || ctx.config.cardSandbox;
}

export function paymentSandboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    if (mpesaSandboxMounted(ctx.config)) darajaSandbox(app as unknown as FastifyInstance, ctx);
    if (ctx.config.cardSandbox) cardSandbox(app as unknown as FastifyInstance, ctx);
  };
}

/** This server's own address once it listens (0.0.0.0 and :: are reached through the loopback). */
function ownOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

interface SandboxPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  callbackUrl: string;
  outcome: 'paid' | 'cancelled' | 'lost';
  decided: boolean;
  receipt: string;
}

const hidden = { hide: true };
const daraja = (status: number, errorCode: string, errorMessage: string) => ({
  status,
  body: { requestId: `${randomInt(10_000, 99_999)}-${randomInt(1e6, 9e6)}-1`, errorCode, errorMessage },
});

function receiptNumber(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const chars = `${letters}0123456789`;
  let value = 'S';
  for (let i = 0; i < 9; i++) value += (i < 2 ? letters : chars)[randomInt((i < 2 ? letters : chars).length)];
  return value;
}

function darajaSandbox(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;
  registerLocalOrigin(config, () => ownOrigin(app));
  const tokens = new Map<string, number>();
  const pushes = new Map<string, SandboxPush>();
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const send = (reply: FastifyReply, answer: { status: number; body: unknown }) => reply.status(answer.status).send(answer.body);
  const bearerValid = (header: string | undefined) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const expiresAt = tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  };
  const checkPassword = (body: Record<string, unknown>) =>
    String(body.BusinessShortCode) === config.mpesaShortcode &&
    typeof body.Timestamp === 'string' &&
    /^\d{14}$/.test(body.Timestamp) &&
    body.Password === darajaPassword(config.mpesaShortcode, config.mpesaPasskey, body.Timestamp);

  app.get('/sandbox/daraja/oauth/v1/generate', { schema: hidden }, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    const expected = `Basic ${Buffer.from(`${config.mpesaConsumerKey}:${config.mpesaConsumerSecret}`).toString('base64')}`;
    if (query.grant_type !== 'client_credentials') return send(reply, daraja(400, '400.008.02', 'Invalid grant type passed'));
    if (req.headers.authorization !== expected) return send(reply, daraja(400, '400.008.01', 'Invalid Authentication passed'));
    const token = randomBytes(14).toString('base64url');
    tokens.set(token, Date.now() + 3599_000);
    return { access_token: token, expires_in: '3599' };
  });

  app.post('/sandbox/daraja/mpesa/stkpush/v1/processrequest', { schema: hidden }, async (req, reply) => {
    if (!bearerValid(req.headers.authorization)) return send(reply, daraja(401, '404.001.03', 'Invalid Access Token'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!checkPassword(body)) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid Password'));
    if (body.TransactionType !== 'CustomerPayBillOnline')
      return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid TransactionType'));
    const amount = Number(body.Amount);
    if (!Number.isSafeInteger(amount) || amount < 1) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid Amount'));
    const phone = String(body.PhoneNumber ?? '');
    if (!/^254\d{9}$/.test(phone) || String(body.PartyA) !== phone) {
      return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid PhoneNumber'));
    }
    if (String(body.PartyB) !== config.mpesaShortcode) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid PartyB'));
    const callbackUrl = String(body.CallBackURL ?? '');
    if (!/^https?:\/\/\S+$/.test(callbackUrl)) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid CallBackURL'));
    const accountReference = String(body.AccountReference ?? '');
    if (!accountReference || accountReference.length > 12) {
      return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid AccountReference'));
    }
    if (!body.TransactionDesc || String(body.TransactionDesc).length > 13) {
      return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid TransactionDesc'));
    }

    // Daraja's ids look like ws_CO_DDMMYYYYHHMMSS + digits.
    const stamp = darajaTimestamp(new Date());
    const push: SandboxPush = {
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`,
      checkoutRequestId: `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${randomInt(100_000_000, 999_999_999)}`,
      phone,
      amount,
      callbackUrl,
      outcome: phone.endsWith(SANDBOX_MPESA_CANCEL_SUFFIX)
        ? 'cancelled'
        : phone.endsWith(SANDBOX_MPESA_LOST_CALLBACK_SUFFIX)
          ? 'lost'
          : 'paid',
      decided: false,
      receipt: receiptNumber(),
    };
    pushes.set(push.checkoutRequestId, push);
    const timer = setTimeout(() => {
      timers.delete(timer);
      push.decided = true;
      if (push.outcome !== 'lost') void deliver(push);
    }, config.mpesaSandboxDelayMs);
    timer.unref();
    timers.add(timer);
    return {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  app.post('/sandbox/daraja/mpesa/stkpushquery/v1/query', { schema: hidden }, async (req, reply) => {
    if (!bearerValid(req.headers.authorization)) return send(reply, daraja(401, '404.001.03', 'Invalid Access Token'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!checkPassword(body)) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid Password'));
    const push = pushes.get(String(body.CheckoutRequestID ?? ''));
    if (!push) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
    if (!push.decided) return send(reply, daraja(500, '500.001.1001', 'The transaction is being processed'));
    const [resultCode, resultDesc] = result(push);
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(resultCode),
      ResultDesc: resultDesc,
    };
  });

  function result(push: SandboxPush): [number, string] {
    return push.outcome === 'cancelled' ? [1032, 'Request cancelled by user'] : [0, 'The service request is processed successfully.'];
  }

  /** The callback, to the push's CallBackURL; PUBLIC_URL may be a proxy's address, so this process is reached directly. */
  async function deliver(push: SandboxPush) {
    const [resultCode, resultDesc] = result(push);
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: resultDesc,
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
        ],
      };
    }
    const origin = localOrigin(config);
    const target =
      origin && push.callbackUrl.startsWith(config.publicUrl)
        ? `${origin}${push.callbackUrl.slice(config.publicUrl.length)}`
        : push.callbackUrl;
    try {
      await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Body: { stkCallback } }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      // Like Daraja: a callback that cannot be delivered is not retried; the query job finds the payment.
      console.error('M-Pesa sandbox callback not delivered', (error as Error).message);
    }
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#E5E7E9;margin:0;padding:32px 16px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.3rem;margin:0 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#666}dd{margin:0}
.note{font-size:.85rem;color:#666;background:#FFF8E1;padding:8px;border-radius:4px}
.actions{display:flex;gap:12px;margin-top:20px}form{flex:1}button{width:100%;padding:12px;border:0;border-radius:4px;font-size:1rem;cursor:pointer}
.approve{background:#9F232D;color:#fff}.decline{background:#ddd}a{color:#9F232D}
</style></head><body><main>${content}</main></body></html>`;
}

/** What the hosted page says of an attempt that is no longer open. */
function settledText(status: string): string {
  if (status === 'succeeded') return 'This payment has been approved.';
  if (status === 'failed') return 'This payment was declined.';
  return 'This payment is no longer open.';
}

function cardSandbox(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;
  // The page's forms post as application/x-www-form-urlencoded (only inside this plugin).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const cardPayment = async (id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.provider, 'CARD')));
    return row ?? null;
  };

  app.get('/sandbox/card/:paymentId', { schema: hidden }, async (req, reply) => {
    const { paymentId } = req.params as { paymentId: string };
    const payment = await cardPayment(paymentId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment) return reply.status(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
    const organisation = await organisationName(ctx.db);
    const amount = formatKes(fromCents(payment.amountCents));
    const details = `<dl><dt>Pay to</dt><dd>${escapeHtml(organisation)}</dd><dt>For</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Invoice</dt><dd>${escapeHtml(payment.invoiceNo)}</dd><dt>Amount</dt><dd><strong>${escapeHtml(amount)}</strong></dd></dl>`;
    if (payment.status !== 'pending') {
      return page(
        'Card payment',
        `<h1>Card payment</h1>${details}<p>${escapeHtml(settledText(payment.status))}</p><p><a href="${escapeHtml(cardReturnPath(payment.id))}">Return to the portal</a></p>`,
      );
    }
    const reference = newCardReference();
    const form = (outcome: 'approved' | 'declined', label: string, css: string) =>
      `<form method="post" action="/api/sandbox/card/${escapeHtml(payment.id)}/result">
<input type="hidden" name="outcome" value="${outcome}"><input type="hidden" name="reference" value="${reference}">
<input type="hidden" name="signature" value="${signCardResult(config, payment.id, outcome, payment.amountCents, reference)}">
<button type="submit" class="${css}">${label}</button></form>`;
    return page(
      'Card payment',
      `<h1>Card payment</h1>${details}
<p class="note">Card sandbox: no card is charged. Approve to simulate a successful payment, Decline to simulate a declined card.</p>
<div class="actions">${form('approved', 'Approve', 'approve')}${form('declined', 'Decline', 'decline')}</div>`,
    );
  });

  app.post('/sandbox/card/:paymentId/result', { schema: hidden }, async (req, reply) => {
    const { paymentId } = req.params as { paymentId: string };
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const payment = await cardPayment(paymentId);
    const outcome = body.outcome === 'approved' ? 'approved' : 'declined';
    const reference = String(body.reference ?? '');
    if (
      !payment ||
      !/^CARD-[0-9A-F]{12}$/.test(reference) ||
      !verifyCardSignature(config, payment.id, outcome, payment.amountCents, reference, String(body.signature ?? ''))
    ) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('Card payment', '<h1>Card payment</h1><p>This payment result is not valid.</p>'));
    }
    await confirmCardResult(ctx, { paymentId: payment.id, approved: outcome === 'approved', reference, amountCents: payment.amountCents });
    // Back to the portal's checkout, which tells where the attempt now stands (a second click changes nothing).
    return reply.redirect(cardReturnPath(payment.id), 303);
  });
}
