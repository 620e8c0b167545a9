import type { Config } from '../../config';
import { DarajaClient } from './daraja';

/**
 * Where this process can be reached over HTTP by itself (registered by the sandbox plugin once the server
 * listens). The built-in sandbox is called through it, so the same client code runs over real HTTP.
 */
const localOrigins = new WeakMap<Config, () => string | null>();

export function registerLocalOrigin(config: Config, resolve: () => string | null): void {
  localOrigins.set(config, resolve);
}

export function localOrigin(config: Config): string | null {
  return localOrigins.get(config)?.() ?? null;
}

export const SANDBOX_DARAJA_PATH = '/api/sandbox/daraja';
export const MPESA_CALLBACK_PATH = '/api/payments/mpesa/callback';

/** The built-in sandbox is mounted (no MPESA_BASE_URL, and not production unless MPESA_SANDBOX=on). */
export function mpesaSandboxMounted(config: Config): boolean {
  return !config.mpesaBaseUrl && config.mpesaSandbox;
}

export function mpesaAvailable(config: Config): boolean {
  return Boolean(config.mpesaBaseUrl) || mpesaSandboxMounted(config);
}

/** Daraja's address: MPESA_BASE_URL, or this process's own sandbox. */
export function darajaBaseUrl(config: Config): string {
  if (config.mpesaBaseUrl) return config.mpesaBaseUrl;
  return `${localOrigin(config) ?? config.publicUrl}${SANDBOX_DARAJA_PATH}`;
}

/** Where Daraja sends the result: PUBLIC_URL + /api/payments/mpesa/callback. */
export function mpesaCallbackUrl(config: Config): string {
  return `${config.publicUrl}${MPESA_CALLBACK_PATH}`;
}

// One client per Daraja address and credentials: the access token is shared by every push and query.
const clients = new Map<string, DarajaClient>();

export function darajaClient(config: Config): DarajaClient {
  const settings = {
    baseUrl: darajaBaseUrl(config),
    consumerKey: config.mpesaConsumerKey,
    consumerSecret: config.mpesaConsumerSecret,
    shortcode: config.mpesaShortcode,
    passkey: config.mpesaPasskey,
  };
  const key = JSON.stringify(settings);
  let client = clients.get(key);
  if (!client) {
    client = new DarajaClient(settings);
    clients.set(key, client);
  }
  return client;
}

/** M-Pesa takes whole shillings: the push asks for the remaining amount rounded up (any excess becomes credit). */
export function mpesaAmountCents(remainingCents: number): number {
  return Math.ceil(remainingCents / 100) * 100;
}

/** Daraja's TransactionDate (YYYYMMDDHHMMSS, Nairobi time) as an instant; null when it is not one. */
export function parseDarajaDate(value: unknown): Date | null {
  const text = String(value ?? '');
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
