import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
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
 *   but the callback is never sent (only the query job finds the payment); any other phone pays. The sandbox keeps
 *   nothing in memory (decision 039): its access tokens and CheckoutRequestIDs carry their own expiry, push time and
 *   outcome under an HMAC of the Daraja credentials, so any instance's sandbox answers a query about a push another
 *   instance took (with several instances, the query job may run on a worker that never saw the push).
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

type SandboxOutcome = 'paid' | 'cancelled' | 'lost';
const OUTCOMES: readonly SandboxOutcome[] = ['paid', 'cancelled', 'lost'];

interface SandboxPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  callbackUrl: string;
  outcome: SandboxOutcome;
  receipt: string;
}

/** What a CheckoutRequestID of this sandbox says about its push, once its signature checks. */
interface IssuedPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  outcome: SandboxOutcome;
  /** When the phone "answers": the push's time plus MPESA_SANDBOX_DELAY_MS. */
  decidedAt: number;
}

/**
 * Signs and reads the sandbox's tokens and ids with a key made of the Daraja credentials every instance shares, so
 * nothing has to be remembered between calls or shared between processes.
 */
function sandboxSigner(config: AppContext['config']) {
  const key = createHmac('sha256', 'portal-daraja-sandbox')
    .update(`${config.mpesaConsumerKey}:${config.mpesaConsumerSecret}:${config.mpesaPasskey}`)
    .digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const sameMac = (given: Buffer, text: string) => given.length === 32 && timingSafeEqual(given, mac(text));
  /** Digits from the MAC (Daraja's ids are digits after the ws_CO_ prefix). */
  const macDigits = (text: string, length: number) =>
    (BigInt(`0x${mac(text).toString('hex').slice(0, 16)}`) % 10n ** BigInt(length)).toString().padStart(length, '0');

  return {
    /** An access token valid until `expiresAt` (ms): the expiry and its MAC. */
    token(expiresAt: number): string {
      return `${expiresAt.toString(36)}.${mac(`token:${expiresAt}`).toString('base64url')}`;
    },
    tokenValid(token: string, now = Date.now()): boolean {
      const [expires, signature] = token.split('.');
      const expiresAt = Number.parseInt(expires ?? '', 36);
      if (!signature || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return false;
      return sameMac(Buffer.from(signature, 'base64url'), `token:${expiresAt}`);
    },
    /**
     * ws_CO_ + DDMMYYYYHHMMSS (Nairobi, like Daraja's) + the push's instant in ms since the epoch (13 digits) + the
     * outcome (1 digit) + a nonce (4 digits) + 10 digits of the MAC of all that.
     */
    checkoutRequestId(at: Date, outcome: SandboxOutcome): string {
      const stamp = darajaTimestamp(at);
      const body = `${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${String(at.getTime()).padStart(13, '0')}${OUTCOMES.indexOf(outcome)}${randomInt(10_000).toString().padStart(4, '0')}`;
      return `ws_CO_${body}${macDigits(`push:${body}`, 10)}`;
    },
    read(checkoutRequestId: string): IssuedPush | null {
      const match = /^ws_CO_(\d{14}(\d{13})(\d)(\d{4}))(\d{10})$/.exec(checkoutRequestId);
      if (!match) return null;
      const [, body, instant, outcomeDigit, nonce, digits] = match;
      const expected = macDigits(`push:${body}`, 10);
      if (!timingSafeEqual(Buffer.from(digits), Buffer.from(expected))) return null;
      const outcome = OUTCOMES[Number(outcomeDigit)];
      if (!outcome) return null;
      return {
        checkoutRequestId,
        merchantRequestId: `${Number(nonce) + 10_000}-${macDigits(`merchant:${body}`, 8)}-1`,
        outcome,
        decidedAt: Number(instant) + config.mpesaSandboxDelayMs,
      };
    },
  };
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
  const signer = sandboxSigner(config);
  // The callbacks still to send: the only thing held here, and losing it (a restart) is a lost callback, which the
  // query job is there for.
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const send = (reply: FastifyReply, answer: { status: number; body: unknown }) => reply.status(answer.status).send(answer.body);
  const bearerValid = (header: string | undefined) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    return signer.tokenValid(token);
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
    return { access_token: signer.token(Date.now() + 3599_000), expires_in: '3599' };
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
    const outcome: SandboxOutcome = phone.endsWith(SANDBOX_MPESA_CANCEL_SUFFIX)
      ? 'cancelled'
      : phone.endsWith(SANDBOX_MPESA_LOST_CALLBACK_SUFFIX)
        ? 'lost'
        : 'paid';
    const issued = signer.read(signer.checkoutRequestId(new Date(), outcome)) as IssuedPush;
    const push: SandboxPush = {
      merchantRequestId: issued.merchantRequestId,
      checkoutRequestId: issued.checkoutRequestId,
      phone,
      amount,
      callbackUrl,
      outcome,
      receipt: receiptNumber(),
    };
    const timer = setTimeout(() => {
      timers.delete(timer);
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
    const push = signer.read(String(body.CheckoutRequestID ?? ''));
    if (!push) return send(reply, daraja(400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
    if (Date.now() < push.decidedAt) return send(reply, daraja(500, '500.001.1001', 'The transaction is being processed'));
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

  function result(push: Pick<SandboxPush, 'outcome'>): [number, string] {
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
