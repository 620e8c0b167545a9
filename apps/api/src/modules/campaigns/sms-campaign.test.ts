import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { createReviewer } from '../../../test/review';
import { africasTalkingTransport } from '../outbox/transports';
import { drainOutbox } from '../outbox/worker';
import { dispatchCampaigns } from './dispatch';

const TOKEN = 'at-callback-secret';
const t = await createTestApp({ atCallbackToken: TOKEN, campaignRatePerMinute: { email: 1000, sms: 1000 } });
const admin = await createReviewer(t, 'admin');

/** A stand-in for Africa's Talking's bulk SMS API: answers each message with its own messageId. */
let sentCount = 0;
const fakeAt = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const to = new URLSearchParams(body).get('to');
    sentCount++;
    res
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ SMSMessageData: { Recipients: [{ status: 'Success', number: to, messageId: `ATXid_out_${sentCount}` }] } }));
  });
});
await new Promise<void>((resolve) => fakeAt.listen(0, '127.0.0.1', () => resolve()));
const smsTransport = africasTalkingTransport('key', 'board', undefined, `http://127.0.0.1:${(fakeAt.address() as AddressInfo).port}`);
afterAll(() => new Promise<void>((resolve) => fakeAt.close(() => resolve())));

function form(path: string, fields: Record<string, string>, token: string | null = TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: token === null ? path : `${path}?token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function smsCampaign(memberNos: string[]) {
  const created = await t.call('POST', '/api/admin/campaigns', {
    token: admin.token,
    body: { name: 'SMS', channel: 'sms', body: 'AGM on Friday, {{firstName}}.', segment: { memberNos } },
  });
  return created.body.data.no as string;
}

async function recipients(no: string) {
  return (await t.call('GET', `/api/admin/campaigns/${no}/recipients`, { token: admin.token })).body.data.items as {
    memberNo: string;
    status: string;
    reason: string | null;
  }[];
}

describe('an SMS campaign', () => {
  it("follows Africa's Talking's delivery reports per recipient", async () => {
    await createMember(t.db, { memberNo: 'SMS-1', phone: '254722000101', firstName: 'Juma' });
    await createMember(t.db, { memberNo: 'SMS-2', phone: '254722000102' });
    const no = await smsCampaign(['SMS-1', 'SMS-2']);
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    await dispatchCampaigns(t);
    const [message] = await t.outboxFor('254722000101');
    expect(message.body).toBe('AGM on Friday, Juma.\nReply STOP to opt out.');
    while ((await drainOutbox(t.db, { sms: smsTransport })) > 0);
    const handed = await t.db.select().from(schema.campaignRecipients).where(eq(schema.campaignRecipients.memberNo, 'SMS-2'));
    const failedId = handed[0].providerId ?? '';
    expect(failedId).toMatch(/^ATXid_out_/);

    expect((await form('/api/sms/delivery', { id: failedId, status: 'Failed', failureReason: 'AbsentSubscriber' }, null)).statusCode).toBe(
      403,
    );
    expect(
      (await form('/api/sms/delivery', { id: failedId, status: 'Failed', failureReason: 'AbsentSubscriber' }, 'wrong')).statusCode,
    ).toBe(403);
    const report = await form('/api/sms/delivery', { id: failedId, status: 'Failed', failureReason: 'AbsentSubscriber', retryCount: '0' });
    expect(report.statusCode).toBe(200);
    expect(JSON.parse(report.body).data).toEqual({ matched: true });
    expect(JSON.parse((await form('/api/sms/delivery', { id: 'ATXid_other', status: 'Success' })).body).data).toEqual({ matched: false });

    await dispatchCampaigns(t);
    expect((await recipients(no)).map((r) => [r.memberNo, r.status, r.reason])).toEqual([
      ['SMS-1', 'sent', null],
      ['SMS-2', 'failed', 'Failed: AbsentSubscriber'],
    ]);
    expect((await t.call('GET', `/api/admin/campaigns?status=completed`, { token: admin.token })).body.data.items[0]).toMatchObject({
      no,
      sent: 1,
      failed: 1,
    });
  });

  it('honours a STOP reply, and START opts in again', async () => {
    await createMember(t.db, { memberNo: 'SMS-3', phone: '254722000103', withUser: true });
    const stop = await form('/api/sms/inbound', { from: '+254722000103', to: '22384', text: 'stop', id: 'ATXid_in_stop' });
    expect(JSON.parse(stop.body).data.outcome).toBe('opted-out');
    // The same callback again changes nothing more.
    expect(
      JSON.parse((await form('/api/sms/inbound', { from: '+254722000103', to: '22384', text: 'stop', id: 'ATXid_in_stop' })).body).data
        .outcome,
    ).toBe('ignored');
    const [confirmation] = await t.outboxFor('254722000103');
    expect(confirmation.body).toMatch(/^You will no longer receive news and campaigns by SMS/);

    const no = await smsCampaign(['SMS-3']);
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    expect(await recipients(no)).toMatchObject([{ memberNo: 'SMS-3', status: 'skipped', reason: 'Opted out of this channel' }]);

    await form('/api/sms/inbound', { from: '+254722000103', to: '22384', text: 'START', id: 'ATXid_in_start' });
    const preview = await t.call('POST', '/api/admin/campaigns/preview', {
      token: admin.token,
      body: { name: 'x', channel: 'sms', body: 'Hi', segment: { memberNos: ['SMS-3'] } },
    });
    expect(preview.body.data.recipients).toBe(1);
    const changes = await t.db
      .select({ source: schema.consentChanges.source, optedIn: schema.consentChanges.optedIn })
      .from(schema.consentChanges)
      .innerJoin(schema.profiles, eq(schema.profiles.profileId, schema.consentChanges.profileId))
      .where(eq(schema.profiles.memberNo, 'SMS-3'));
    expect(changes).toEqual([
      { source: 'sms-stop', optedIn: false },
      { source: 'sms-start', optedIn: true },
    ]);
  });
});
