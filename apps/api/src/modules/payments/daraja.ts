/**
 * Safaricom Daraja client (decision 024): OAuth token cached until shortly before it expires (one fetch shared by
 * concurrent callers), STK push and STK push query. The same code talks to the real Daraja, the built-in sandbox
 * and the tests' fake server.
 */

export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export interface DarajaOptions {
  now?: () => Date;
  timeoutMs?: number;
}

/** Why a call failed: transport, credentials, a refused request, or a push still being processed (query only). */
export type DarajaErrorKind = 'network' | 'auth' | 'rejected' | 'processing';

export class DarajaError extends Error {
  constructor(
    message: string,
    readonly kind: DarajaErrorKind,
    readonly code?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export interface StkPushInput {
  /** Whole shillings. */
  amount: number;
  /** Normalised 2547XXXXXXXX / 2541XXXXXXXX. */
  phone: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
}

export interface StkPushResponse {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  ResponseDescription: string;
  CustomerMessage: string;
}

export interface StkQueryResponse {
  ResponseCode: string;
  ResponseDescription: string;
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResultCode: string;
  ResultDesc: string;
}

const nairobiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Daraja's timestamp: Nairobi wall-clock time as YYYYMMDDHHMMSS. */
export function darajaTimestamp(at: Date): string {
  const parts = nairobiClock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** Password = base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

/** Daraja's error body: {requestId, errorCode, errorMessage}. */
function errorText(body: unknown): { code?: string; message?: string } {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    return {
      code: typeof b.errorCode === 'string' ? b.errorCode : undefined,
      message:
        typeof b.errorMessage === 'string' ? b.errorMessage : typeof b.ResponseDescription === 'string' ? b.ResponseDescription : undefined,
    };
  }
  return {};
}

/** "The transaction is being processed": the push is still waiting for the phone. */
const PROCESSING_CODE = '500.001.1001';
/** Invalid or expired access token. */
const INVALID_TOKEN_CODE = '404.001.03';

export class DarajaClient {
  private token: { value: string; expiresAt: number } | null = null;
  private fetching: Promise<string> | null = null;
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(
    readonly settings: DarajaSettings,
    options: DarajaOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  private async request(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new DarajaError(`Daraja could not be reached: ${(error as Error).message}`, 'network');
    }
    const raw = await response.text();
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    return { status: response.status, body };
  }

  /** The access token, fetched once and reused until a minute before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.now().getTime() < this.token.expiresAt) return this.token.value;
    if (!this.fetching) {
      this.fetching = this.fetchToken().finally(() => {
        this.fetching = null;
      });
    }
    return this.fetching;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`).toString('base64');
    const { status, body } = await this.request('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    const b = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (status !== 200 || typeof b.access_token !== 'string' || !b.access_token) {
      const { code, message } = errorText(body);
      throw new DarajaError(`Daraja refused the credentials: ${message ?? `HTTP ${status}`}`, 'auth', code, status);
    }
    const seconds = Number(b.expires_in ?? 3599);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 3599) * 1000;
    // Renew a minute early (or halfway through a very short lifetime) so a token never expires in flight.
    const margin = Math.min(60_000, lifetimeMs / 2);
    this.token = { value: b.access_token, expiresAt: this.now().getTime() + lifetimeMs - margin };
    return b.access_token;
  }

  /** A bearer call; an "invalid access token" answer drops the cached token and retries once. */
  private async authorised(path: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const result = await this.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const { code } = errorText(result.body);
      if ((result.status === 401 || code === INVALID_TOKEN_CODE) && attempt === 0) {
        this.token = null;
        continue;
      }
      return result;
    }
  }

  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.settings.shortcode,
      Password: darajaPassword(this.settings.shortcode, this.settings.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** The STK push body exactly as sent (field order as Daraja documents it). */
  stkPushBody(input: StkPushInput) {
    return {
      ...this.credentials(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: input.amount,
      PartyA: input.phone,
      PartyB: this.settings.shortcode,
      PhoneNumber: input.phone,
      CallBackURL: input.callbackUrl,
      AccountReference: input.accountReference.slice(0, 12),
      TransactionDesc: input.transactionDesc.slice(0, 13),
    };
  }

  async stkPush(input: StkPushInput): Promise<StkPushResponse> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) throw new DarajaError('Amount must be whole shillings', 'rejected');
    const { status, body } = await this.authorised('/mpesa/stkpush/v1/processrequest', this.stkPushBody(input));
    const b = (body ?? {}) as Partial<StkPushResponse>;
    if (status === 200 && String(b.ResponseCode) === '0' && typeof b.CheckoutRequestID === 'string') {
      return {
        MerchantRequestID: String(b.MerchantRequestID ?? ''),
        CheckoutRequestID: b.CheckoutRequestID,
        ResponseCode: '0',
        ResponseDescription: String(b.ResponseDescription ?? ''),
        CustomerMessage: String(b.CustomerMessage ?? b.ResponseDescription ?? ''),
      };
    }
    const { code, message } = errorText(body);
    if (status === 401 || code === INVALID_TOKEN_CODE) {
      throw new DarajaError('Daraja refused the access token', 'auth', code, status);
    }
    if (status >= 500 && !message) throw new DarajaError(`Daraja failed: HTTP ${status}`, 'network', code, status);
    throw new DarajaError(message ?? `HTTP ${status}`, 'rejected', code, status);
  }

  /**
   * The push's outcome. Answers Daraja's ResultCode ('0' paid, anything else final) or throws a DarajaError of kind
   * 'processing' while the phone has not answered yet.
   */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResponse> {
    const { status, body } = await this.authorised('/mpesa/stkpushquery/v1/query', {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    const b = (body ?? {}) as Record<string, unknown>;
    if (status === 200 && b.ResultCode !== undefined && b.ResultCode !== null) {
      return {
        ResponseCode: String(b.ResponseCode ?? ''),
        ResponseDescription: String(b.ResponseDescription ?? ''),
        MerchantRequestID: String(b.MerchantRequestID ?? ''),
        CheckoutRequestID: String(b.CheckoutRequestID ?? checkoutRequestId),
        ResultCode: String(b.ResultCode),
        ResultDesc: String(b.ResultDesc ?? ''),
      };
    }
    const { code, message } = errorText(body);
    if (code === PROCESSING_CODE) throw new DarajaError(message ?? 'The transaction is being processed', 'processing', code, status);
    if (status === 401 || code === INVALID_TOKEN_CODE) throw new DarajaError('Daraja refused the access token', 'auth', code, status);
    if (status >= 500) throw new DarajaError(message ?? `Daraja failed: HTTP ${status}`, 'network', code, status);
    throw new DarajaError(message ?? `HTTP ${status}`, 'rejected', code, status);
  }
}
