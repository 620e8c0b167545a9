import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A fake Safaricom Daraja for the tests: a real HTTP server on an ephemeral port that records every request (raw
 * body included, so the STK push can be checked byte for byte), answers OAuth (checking Basic auth), STK push and
 * STK query like Daraja, and sends callbacks over HTTP.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The body exactly as received. */
  raw: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  json: any;
}

export interface Answer {
  status: number;
  body: unknown;
}

export const FAKE_KEY = 'fake-consumer-key';
export const FAKE_SECRET = 'fake-consumer-secret';

export async function startFakeDaraja(options: { consumerKey?: string; consumerSecret?: string } = {}) {
  const consumerKey = options.consumerKey ?? FAKE_KEY;
  const consumerSecret = options.consumerSecret ?? FAKE_SECRET;
  const requests: RecordedRequest[] = [];
  const tokens = new Set<string>();
  let pushCounter = 0;
  const state = {
    /** expires_in of the next tokens, in seconds. */
    tokenLifetimeSeconds: 3599,
    /** Overrides the next STK push answers (first in, first out). */
    pushAnswers: [] as Answer[],
    /** Answers to STK queries per CheckoutRequestID; default: still being processed. */
    queryAnswers: new Map<string, Answer>(),
  };

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  };
  const error = (status: number, errorCode: string, errorMessage: string): Answer => ({
    status,
    body: { requestId: 'fake-1', errorCode, errorMessage },
  });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = raw ? JSON.parse(raw) : null;
      } catch {
        json = null;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, raw, json });

      if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
        const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
        if (url.searchParams.get('grant_type') !== 'client_credentials' || req.headers.authorization !== expected) {
          return send(res, error(400, '400.008.01', 'Invalid Authentication passed'));
        }
        const token = randomBytes(12).toString('hex');
        tokens.add(token);
        return send(res, { status: 200, body: { access_token: token, expires_in: String(state.tokenLifetimeSeconds) } });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpush/v1/processrequest') {
        if (!tokens.has(bearer)) return send(res, error(401, '404.001.03', 'Invalid Access Token'));
        const next = state.pushAnswers.shift();
        if (next) return send(res, next);
        pushCounter++;
        return send(res, {
          status: 200,
          body: {
            MerchantRequestID: `29115-${pushCounter}-1`,
            CheckoutRequestID: `ws_CO_FAKE${Date.now()}${pushCounter}`,
            ResponseCode: '0',
            ResponseDescription: 'Success. Request accepted for processing',
            CustomerMessage: 'Success. Request accepted for processing',
          },
        });
      }
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpushquery/v1/query') {
        if (!tokens.has(bearer)) return send(res, error(401, '404.001.03', 'Invalid Access Token'));
        const id = (json as { CheckoutRequestID?: string } | null)?.CheckoutRequestID ?? '';
        return send(res, state.queryAnswers.get(id) ?? error(500, '500.001.1001', 'The transaction is being processed'));
      }
      send(res, error(404, '404.001.01', 'Resource not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(close);

  return {
    url: `http://127.0.0.1:${port}`,
    consumerKey,
    consumerSecret,
    requests,
    state,
    close,
    oauthCalls: () => requests.filter((r) => r.path.startsWith('/oauth/v1/generate')),
    pushes: () => requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest'),
    queries: () => requests.filter((r) => r.path === '/mpesa/stkpushquery/v1/query'),
    /** Forgets every issued token (Daraja answers 'Invalid Access Token' until a new one is fetched). */
    revokeTokens: () => tokens.clear(),
    /** The query answer Daraja gives once the phone has answered. */
    answerQuery(checkoutRequestId: string, resultCode: number, resultDesc: string) {
      state.queryAnswers.set(checkoutRequestId, {
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: '29115-1-1',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: String(resultCode),
          ResultDesc: resultDesc,
        },
      });
    },
    /** POSTs a callback to `url` over HTTP, like Daraja. */
    async sendCallback(url: string, payload: unknown): Promise<{ status: number; body: unknown }> {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: response.status, body: await response.json() };
    },
  };
}

export type FakeDaraja = Awaited<ReturnType<typeof startFakeDaraja>>;

/** Daraja's success callback. */
export function successCallback(input: {
  checkoutRequestId: string;
  amount: number;
  receipt: string;
  phone?: string;
  transactionDate?: number;
  merchantRequestId?: string;
}) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: input.merchantRequestId ?? '29115-1-1',
        CheckoutRequestID: input.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: input.amount },
            { Name: 'MpesaReceiptNumber', Value: input.receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: input.transactionDate ?? 20260115102115 },
            { Name: 'PhoneNumber', Value: Number(input.phone ?? '254712345678') },
          ],
        },
      },
    },
  };
}

/** Daraja's failure callback (1032: cancelled by the user). */
export function failureCallback(checkoutRequestId: string, resultCode = 1032, resultDesc = 'Request cancelled by user') {
  return {
    Body: {
      stkCallback: { MerchantRequestID: '29115-1-1', CheckoutRequestID: checkoutRequestId, ResultCode: resultCode, ResultDesc: resultDesc },
    },
  };
}
