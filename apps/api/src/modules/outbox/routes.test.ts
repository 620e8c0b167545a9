import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/harness';
import { enqueue } from './outbox';

const t = await createTestApp();
const production = await createTestApp({ env: 'production' });

describe('GET /api/dev/outbox', () => {
  it('lists queued messages newest first with channel, recipient, subject and body', async () => {
    await enqueue(t.db, { channel: 'email', to: 'first@example.com', subject: 'First', body: 'first body' });
    await enqueue(t.db, { channel: 'sms', to: '254700000001', body: 'second body' });
    const response = await t.call('GET', '/api/dev/outbox');
    expect(response.status).toBe(200);
    const [newest, older] = response.body.data;
    expect(newest).toEqual({
      id: expect.any(Number),
      channel: 'sms',
      to: '254700000001',
      subject: null,
      body: 'second body',
      status: 'pending',
      attempts: 0,
      created_at: expect.any(String),
      sent_at: null,
    });
    expect(older).toMatchObject({ channel: 'email', to: 'first@example.com', subject: 'First', body: 'first body' });
    expect(newest.id).toBeGreaterThan(older.id);
  });

  it('shows the OTP a newcomer needs to carry on', async () => {
    const response = await t.call('POST', '/api/auth/register', {
      ip: uniqueIp(),
      body: {
        email: 'newcomer@example.com',
        phone: '0717000001',
        id_number: '81234567',
        password: 'Str0ng!Pass',
        confirmPassword: 'Str0ng!Pass',
        category: 'GRADUATE',
        type: 'Individual',
      },
    });
    expect(response.status).toBe(200);
    const outbox = await t.call('GET', '/api/dev/outbox');
    const sms = outbox.body.data.find((m: { to: string }) => m.to === '254717000001');
    expect(sms.body).toMatch(/\b\d{6}\b/);
    expect(sms.body).toContain(await t.latestCode('254717000001'));
  });
});

describe('in production', () => {
  it('there is no dev outbox', async () => {
    await enqueue(production.db, { channel: 'sms', to: '254700000002', body: 'secret 123456' });
    const response = await production.call('GET', '/api/dev/outbox');
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain('123456');
  });

  it('HSTS is sent', async () => {
    const response = await production.call('GET', '/api/health');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
