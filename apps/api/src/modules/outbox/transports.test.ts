import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@portal/db';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Config } from '../../config';
import { enqueue } from './outbox';
import { africasTalkingTransport, configuredTransports, devOutboxTransport } from './transports';
import { drainOutbox } from './worker';

interface Request {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** A stand-in for the Africa's Talking API: checks the key and answers like the real one. */
const requests: Request[] = [];
let answer: (req: Request, res: ServerResponse) => void;
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => {
    const request = { method: req.method, url: req.url, headers: req.headers, form: new URLSearchParams(body) };
    requests.push(request);
    answer(request, res);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const API_KEY = 'atsk_test_key_123';

function realisticAnswer(req: Request, res: ServerResponse) {
  if (req.headers.apikey !== API_KEY) {
    res.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
    return;
  }
  const to = req.form.get('to') ?? '';
  const ok = /^\+2547\d{8}$/.test(to);
  res.writeHead(201, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      SMSMessageData: {
        Message: ok ? 'Sent to 1/1 Total Cost: KES 0.8000' : 'Sent to 0/1 Total Cost: 0',
        Recipients: [{ statusCode: ok ? 101 : 403, number: to, status: ok ? 'Success' : 'InvalidPhoneNumber', cost: 'KES 0.8000' }],
      },
    }),
  );
}

const database = await openTestDatabase();
await database.migrate();

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

beforeEach(async () => {
  requests.length = 0;
  answer = realisticAnswer;
  await database.db.delete(schema.outbox);
});

describe("africasTalkingTransport (Africa's Talking bulk SMS)", () => {
  it('posts the form with the apiKey header, username, + number, message and sender id', async () => {
    const send = africasTalkingTransport(API_KEY, 'erb-portal', 'ERB', baseUrl);
    await send({ channel: 'sms', to: '254712345678', body: 'Your member portal OTP is 123456.' });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/version1/messaging');
    expect(req.headers.apikey).toBe(API_KEY);
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req.form)).toEqual({
      username: 'erb-portal',
      to: '+254712345678',
      message: 'Your member portal OTP is 123456.',
      from: 'ERB',
    });
  });

  it('leaves out the sender id when none is configured and does not double the +', async () => {
    const send = africasTalkingTransport(API_KEY, 'sandbox', undefined, baseUrl);
    await send({ channel: 'sms', to: '+254712345678', body: 'hi' });
    expect(requests[0].form.get('to')).toBe('+254712345678');
    expect(requests[0].form.has('from')).toBe(false);
    expect(requests[0].form.get('username')).toBe('sandbox');
  });

  it('throws when the key is refused', async () => {
    const send = africasTalkingTransport('wrong-key', 'erb-portal', undefined, baseUrl);
    await expect(send({ channel: 'sms', to: '254712345678', body: 'x' })).rejects.toThrow("Africa's Talking answered 401");
  });

  it('throws when the recipient is refused', async () => {
    const send = africasTalkingTransport(API_KEY, 'erb-portal', undefined, baseUrl);
    await expect(send({ channel: 'sms', to: '12', body: 'x' })).rejects.toThrow(/refused the message: InvalidPhoneNumber/);
  });

  it('throws when the answer names no recipient', async () => {
    answer = (_req, res) =>
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ SMSMessageData: { Recipients: [] } }));
    const send = africasTalkingTransport(API_KEY, 'erb-portal', undefined, baseUrl);
    await expect(send({ channel: 'sms', to: '254712345678', body: 'x' })).rejects.toThrow(/no recipient/);
  });

  it('delivers queued SMS through the outbox worker', async () => {
    await enqueue(database.db, { channel: 'sms', to: '254700111222', body: 'Your member portal OTP is 654321.' });
    await enqueue(database.db, { channel: 'sms', to: '99', body: 'to a bad number' });
    const sent = await drainOutbox(database.db, { sms: africasTalkingTransport(API_KEY, 'erb-portal', undefined, baseUrl) });
    expect(sent).toBe(1);
    expect(requests.map((r) => r.form.get('to'))).toEqual(['+254700111222', '+99']);
    const rows = await database.db.select().from(schema.outbox).orderBy(schema.outbox.id);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows[1]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[1].lastError).toMatch(/InvalidPhoneNumber/);
  });
});

describe('configuredTransports', () => {
  const base = { mailFrom: 'Portal <no-reply@portal.test>', env: 'production' } as Config;

  it('configures nothing in production without SMTP_URL or an Africa’s Talking key, so messages stay in the outbox', () => {
    expect(configuredTransports(base)).toEqual({});
  });

  it('delivers to the development outbox elsewhere, on each channel without a real transport', () => {
    expect(configuredTransports({ ...base, env: 'development' })).toEqual({ email: devOutboxTransport, sms: devOutboxTransport });
    const withSmtp = configuredTransports({ ...base, env: 'development', smtpUrl: 'smtp://127.0.0.1:2525' });
    expect(withSmtp.email).not.toBe(devOutboxTransport);
    expect(withSmtp.sms).toBe(devOutboxTransport);
  });

  it('configures email with SMTP_URL, and SMS only with both key and username', () => {
    expect(Object.keys(configuredTransports({ ...base, smtpUrl: 'smtp://127.0.0.1:2525' }))).toEqual(['email']);
    expect(Object.keys(configuredTransports({ ...base, atApiKey: 'k' }))).toEqual([]);
    expect(Object.keys(configuredTransports({ ...base, atApiKey: 'k', atUsername: 'u' }))).toEqual(['sms']);
  });
});
