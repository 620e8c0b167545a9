import { SKIP_REASONS } from '@portal/contract';
import { schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceFor } from '../../../test/billing';
import { awardFor, setRequirement } from '../../../test/cpd';
import { createEvent, insertBooking } from '../../../test/events';
import { createMember, createTestApp, signIn } from '../../../test/harness';
import { createReviewer, setMinorSetting } from '../../../test/review';
import { licenceRow } from '../../../test/upgrades';
import { drainOutbox } from '../outbox/worker';
import { dispatchCampaigns } from './dispatch';

const t = await createTestApp({ campaignRatePerMinute: { email: 1000, sms: 1000 } });
const admin = await createReviewer(t, 'admin');

type Segment = Record<string, unknown>;
let campaignCounter = 0;

async function createCampaign(segment: Segment, overrides: Record<string, unknown> = {}) {
  campaignCounter++;
  const response = await t.call('POST', '/api/admin/campaigns', {
    token: admin.token,
    body: {
      name: `Campaign ${campaignCounter}`,
      channel: 'email',
      subject: 'News for {{firstName}}',
      body: 'Dear {{firstName}} ({{memberNo}}), you owe {{balance}}.',
      segment,
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.no as string;
}

async function preview(segment: Segment, channel = 'email') {
  const response = await t.call('POST', '/api/admin/campaigns/preview', {
    token: admin.token,
    body: { name: 'x', channel, subject: 's', body: 'Hello {{firstName}}', segment },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { recipients: number; skipped: number; sample: { memberNo: string; body: string; to: string } | null };
}

/** The member numbers a segment reaches, through the campaign's recipients once sent. */
async function reached(segment: Segment): Promise<string[]> {
  const no = await createCampaign(segment);
  expect((await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token })).status).toBe(202);
  const rows = await t.db
    .select({ memberNo: schema.campaignRecipients.memberNo, status: schema.campaignRecipients.status })
    .from(schema.campaignRecipients)
    .innerJoin(schema.campaigns, eq(schema.campaigns.id, schema.campaignRecipients.campaignId))
    .where(eq(schema.campaigns.no, no));
  return rows
    .filter((r) => r.status !== 'skipped')
    .map((r) => r.memberNo ?? '')
    .sort();
}

const member = (memberNo: string, options: Parameters<typeof createMember>[1] = {}) => createMember(t.db, { memberNo, ...options });

describe('who may write campaigns', () => {
  it('refuses members and approvers', async () => {
    const plain = await createMember(t.db, { withUser: true });
    const memberToken = await signIn(t, plain.user?.email ?? '');
    const approver = await createReviewer(t, 'approver');
    for (const token of [memberToken, approver.token]) {
      expect((await t.call('GET', '/api/admin/campaigns', { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/admin/campaigns')).status).toBe(401);
  });

  it('lets approvers in when the setting allows', async () => {
    const approver = await createReviewer(t, 'approver');
    await setMinorSetting(t, 'approver_campaigns', true);
    try {
      expect((await t.call('GET', '/api/admin/campaigns', { token: approver.token })).status).toBe(200);
    } finally {
      await setMinorSetting(t, 'approver_campaigns', false);
    }
    expect((await t.call('GET', '/api/admin/campaigns', { token: approver.token })).status).toBe(403);
  });
});

describe('saving a campaign', () => {
  it('refuses unknown merge fields, an e-mail without subject and a send time past', async () => {
    const bad = await t.call('POST', '/api/admin/campaigns', {
      token: admin.token,
      body: {
        name: 'Bad',
        channel: 'email',
        subject: '',
        body: 'Hi {{firstName}} {{shoeSize}}',
        segment: {},
        sendAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.body).toEqual(['Unknown merge field: {{shoeSize}}']);
    expect(bad.body.errors.subject).toEqual(['Subject is required']);
    const past = await t.call('POST', '/api/admin/campaigns', {
      token: admin.token,
      body: { name: 'Past', channel: 'sms', body: 'Hi', segment: {}, sendAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.sendAt).toEqual(['The send time must be in the future']);
  });

  it('lists campaigns newest first and shows one', async () => {
    const first = await createCampaign({ memberNos: ['NOBODY'] });
    const second = await createCampaign({ memberNos: ['NOBODY'] }, { channel: 'sms', subject: '' });
    const list = await t.call('GET', '/api/admin/campaigns?pageSize=2', { token: admin.token });
    expect(list.body.data.items.map((c: { no: string }) => c.no)).toEqual([second, first]);
    const detail = await t.call('GET', `/api/admin/campaigns/${second}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({
      no: second,
      channel: 'sms',
      status: 'draft',
      subject: '',
      segment: { memberNos: ['NOBODY'] },
    });
    expect((await t.call('GET', '/api/admin/campaigns/CAM999999', { token: admin.token })).status).toBe(404);
  });
});

describe('segments', () => {
  it('filters by category, member type, county and an uploaded list', async () => {
    await member('SG-CAT-1', { category: 'GRADUATE' });
    await member('SG-CAT-2', { category: 'PROFESSIONAL' });
    const firm = await member('SG-CAT-3', { category: 'PROFESSIONAL' });
    await t.db
      .update(schema.profiles)
      .set({ type: 'Corporate', county: 'MOMBASA' })
      .where(eq(schema.profiles.profileId, firm.profile.profileId));
    const all = ['SG-CAT-1', 'sg-cat-2', 'SG-CAT-3'];
    expect(await reached({ memberNos: all })).toEqual(['SG-CAT-1', 'SG-CAT-2', 'SG-CAT-3']);
    expect(await reached({ memberNos: all, categories: ['GRADUATE'] })).toEqual(['SG-CAT-1']);
    expect(await reached({ memberNos: all, memberType: 'Corporate' })).toEqual(['SG-CAT-3']);
    expect(await reached({ memberNos: all, memberType: 'Individual', categories: ['PROFESSIONAL'] })).toEqual(['SG-CAT-2']);
    expect(await reached({ memberNos: all, counties: ['MOMBASA', 'KISUMU'] })).toEqual(['SG-CAT-3']);
  });

  it('leaves out members whose membership is not Active', async () => {
    const gone = await member('SG-ACT-1');
    await member('SG-ACT-2');
    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.profileId, gone.profile.profileId));
    expect(await reached({ memberNos: ['SG-ACT-1', 'SG-ACT-2'] })).toEqual(['SG-ACT-2']);
  });

  it('filters by standing: overdue invoices are arrears, a bill not yet due is good standing', async () => {
    const owing = await member('SG-ARR-1');
    const notDue = await member('SG-ARR-2');
    await member('SG-ARR-3');
    await invoiceFor(t, owing.profile.profileId, { documentDate: '2025-01-01', dueDate: '2025-01-31' });
    await invoiceFor(t, notDue.profile.profileId, { dueDate: '2099-12-31' });
    const all = ['SG-ARR-1', 'SG-ARR-2', 'SG-ARR-3'];
    expect(await reached({ memberNos: all, standing: 'arrears' })).toEqual(['SG-ARR-1']);
    expect(await reached({ memberNos: all, standing: 'good' })).toEqual(['SG-ARR-2', 'SG-ARR-3']);
  });

  it('filters by licence: an Active licence covering today', async () => {
    const licensed = await member('SG-LIC-1', { withUser: true });
    const suspended = await member('SG-LIC-2', { withUser: true });
    for (const [holder, status] of [
      [licensed, 'Active'],
      [suspended, 'Suspended'],
    ] as const) {
      const { profileId, memberNo } = holder.profile;
      await licenceRow(t, { profileId, memberNo: memberNo ?? '', user: { id: holder.user?.id ?? 0 } }, { status });
    }
    const all = ['SG-LIC-1', 'SG-LIC-2'];
    expect(await reached({ memberNos: all, licence: 'licensed' })).toEqual(['SG-LIC-1']);
    expect(await reached({ memberNos: all, licence: 'unlicensed' })).toEqual(['SG-LIC-2']);
  });

  it("filters members below this year's CPD target", async () => {
    await setRequirement(t, 'PROFESSIONAL', 10);
    const met = await member('SG-CPD-1');
    const short = await member('SG-CPD-2');
    await member('SG-CPD-3');
    await member('SG-CPD-4', { category: 'STUDENT' });
    await awardFor(t, { profileId: met.profile.profileId, memberNo: 'SG-CPD-1' }, { points: 12 });
    await awardFor(t, { profileId: short.profile.profileId, memberNo: 'SG-CPD-2' }, { points: 4 });
    const all = ['SG-CPD-1', 'SG-CPD-2', 'SG-CPD-3', 'SG-CPD-4'];
    expect(await reached({ memberNos: all, cpdBelowTarget: true })).toEqual(['SG-CPD-2', 'SG-CPD-3']);
  });

  it('filters by an event booked, attended or missed', async () => {
    const event = await createEvent(t);
    const came = await member('SG-EVT-1');
    const missed = await member('SG-EVT-2');
    const cancelled = await member('SG-EVT-3');
    await insertBooking(t, event.no, came.profile, { attended: true });
    await insertBooking(t, event.no, missed.profile);
    await insertBooking(t, event.no, cancelled.profile, { status: 'cancelled' });
    const all = ['SG-EVT-1', 'SG-EVT-2', 'SG-EVT-3'];
    expect(await reached({ memberNos: all, eventNo: event.no })).toEqual(['SG-EVT-1', 'SG-EVT-2']);
    expect(await reached({ memberNos: all, eventNo: event.no, attended: true })).toEqual(['SG-EVT-1']);
    expect(await reached({ memberNos: all, eventNo: event.no, attended: false })).toEqual(['SG-EVT-2']);
  });
});

describe('preview and consent', () => {
  it('counts who will receive it, skips opted-out and address-less members, and renders the first', async () => {
    const first = await member('SG-PRV-1', { firstName: 'Wanjiru' });
    const optedOut = await member('SG-PRV-2', { withUser: true });
    await member('SG-PRV-3', { email: null });
    await t.db.update(schema.users).set({ emailUpdates: 0 }).where(eq(schema.users.profileId, optedOut.profile.profileId));
    const seen = await preview({ memberNos: ['SG-PRV-1', 'SG-PRV-2', 'SG-PRV-3'] });
    expect(seen).toMatchObject({ recipients: 1, skipped: 2, sample: { memberNo: 'SG-PRV-1', to: first.profile.email } });
    expect(seen.sample?.body).toContain('Hello Wanjiru');
    // By SMS the opted-out member (email only) and the one without e-mail are both reached.
    expect((await preview({ memberNos: ['SG-PRV-1', 'SG-PRV-2', 'SG-PRV-3'] }, 'sms')).recipients).toBe(3);

    const no = await createCampaign({ memberNos: ['SG-PRV-1', 'SG-PRV-2', 'SG-PRV-3'] });
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    const recipients = await t.call('GET', `/api/admin/campaigns/${no}/recipients?status=skipped`, { token: admin.token });
    expect(recipients.body.data.items.map((r: { memberNo: string; reason: string }) => [r.memberNo, r.reason])).toEqual([
      ['SG-PRV-2', SKIP_REASONS.optedOut],
      ['SG-PRV-3', SKIP_REASONS.noAddress],
    ]);
  });

  it('sends a test to the writer only', async () => {
    await member('SG-TST-1', { firstName: 'Otieno' });
    const no = await createCampaign({ memberNos: ['SG-TST-1'] });
    const response = await t.call('POST', `/api/admin/campaigns/${no}/test`, { token: admin.token });
    expect(response.body.message).toBe(`Test sent to ${admin.user.email}`);
    const [mail] = await t.outboxFor(admin.user.email);
    expect(mail.subject).toBe('[Test] News for Otieno');
    expect(mail.body).toContain('Dear Otieno (SG-TST-1)');
  });
});

describe('sending', () => {
  it('sends each recipient once, with merge fields, however often Send is pressed and the job runs', async () => {
    const owing = await member('SG-ONE-1', { firstName: 'Kamau' });
    await member('SG-ONE-2');
    await invoiceFor(t, owing.profile.profileId, { amountCents: 580_000 });
    const no = await createCampaign({ memberNos: ['SG-ONE-1', 'SG-ONE-2'] });
    const presses = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token })),
    );
    expect(presses.map((p) => p.status)).toEqual([202, 202, 202, 202]);
    await Promise.all([dispatchCampaigns(t), dispatchCampaigns(t), dispatchCampaigns(t)]);
    await dispatchCampaigns(t);
    const [campaign] = await t.db.select().from(schema.campaigns).where(eq(schema.campaigns.no, no));
    const outbox = await t.db.select().from(schema.outbox).where(eq(schema.outbox.campaignId, campaign.id));
    expect(outbox).toHaveLength(2);
    const kamau = outbox.find((m) => m.to === owing.profile.email);
    expect(kamau?.subject).toBe('News for Kamau');
    expect(kamau?.body).toContain('Dear Kamau (SG-ONE-1), you owe KES 5,800.00.');
    expect(kamau?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const sent: string[] = [];
    while ((await drainOutbox(t.db, { email: async (m) => void sent.push(m.to) })) > 0);
    const ours = outbox.map((m) => m.to).sort();
    expect(sent.filter((to) => ours.includes(to)).sort()).toEqual(ours);
    await dispatchCampaigns(t);
    const detail = await t.call('GET', `/api/admin/campaigns/${no}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({ status: 'completed', recipients: 2, sent: 2, queued: 0, failed: 0 });
    const listed = await t.call('GET', '/api/admin/campaigns?status=completed', { token: admin.token });
    expect(listed.body.data.items.find((c: { no: string }) => c.no === no)).toMatchObject({ recipients: 2, sent: 2 });
  });

  it('holds a scheduled campaign until its time', async () => {
    await member('SG-SCH-1');
    const no = await createCampaign({ memberNos: ['SG-SCH-1'] }, { sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    const response = await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    expect(response.body.data.status).toBe('scheduled');
    await dispatchCampaigns(t);
    expect((await t.call('GET', `/api/admin/campaigns/${no}`, { token: admin.token })).body.data.status).toBe('scheduled');
    await t.db.execute(sql`update campaigns set send_at = now() - interval '1 second' where no = ${no}`);
    await dispatchCampaigns(t);
    const detail = (await t.call('GET', `/api/admin/campaigns/${no}`, { token: admin.token })).body.data;
    expect(detail).toMatchObject({ status: 'sending', recipients: 1, queued: 1 });
  });

  it('reports a bounce and a failure per recipient', async () => {
    await member('SG-BNC-1', { email: 'gone@bounce.test' });
    await member('SG-BNC-2', { email: 'fine@bounce.test' });
    const no = await createCampaign({ memberNos: ['SG-BNC-1', 'SG-BNC-2'] });
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    await dispatchCampaigns(t);
    const { PermanentFailure } = await import('../outbox/transports');
    await drainOutbox(t.db, {
      email: async (m) => {
        if (m.to === 'gone@bounce.test') throw new PermanentFailure('550 5.1.1 No such user');
      },
    });
    await dispatchCampaigns(t);
    const detail = (await t.call('GET', `/api/admin/campaigns/${no}`, { token: admin.token })).body.data;
    expect(detail).toMatchObject({ status: 'completed', sent: 1, bounced: 1 });
    const bounced = await t.call('GET', `/api/admin/campaigns/${no}/recipients?status=bounced`, { token: admin.token });
    expect(bounced.body.data.items).toMatchObject([{ memberNo: 'SG-BNC-1', reason: '550 5.1.1 No such user' }]);
  });

  it('sends service messages before campaign messages', async () => {
    await member('SG-ORD-1', { email: 'campaign@order.test' });
    const no = await createCampaign({ memberNos: ['SG-ORD-1'] });
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    await dispatchCampaigns(t);
    await t.db.insert(schema.outbox).values({ channel: 'email', to: 'otp@order.test', subject: 'Code', body: '123456' });
    const order: string[] = [];
    await drainOutbox(t.db, { email: async (m) => void order.push(m.to) }, 1);
    expect(order).toEqual(['otp@order.test']);
  });
});

describe('throttling', async () => {
  const slow = await createTestApp({ campaignRatePerMinute: { email: 2, sms: 0 } });
  const slowAdmin = await createReviewer(slow, 'admin');
  it('hands over at most the channel rate a minute', async () => {
    for (let i = 1; i <= 5; i++) await createMember(slow.db, { memberNo: `SG-THR-${i}` });
    const created = await slow.call('POST', '/api/admin/campaigns', {
      token: slowAdmin.token,
      body: {
        name: 'Slow',
        channel: 'email',
        subject: 'S',
        body: 'B',
        segment: { memberNos: ['SG-THR-1', 'SG-THR-2', 'SG-THR-3', 'SG-THR-4', 'SG-THR-5'] },
      },
    });
    const no = created.body.data.no;
    await slow.call('POST', `/api/admin/campaigns/${no}/send`, { token: slowAdmin.token });
    expect((await dispatchCampaigns(slow)).handed).toBe(2);
    expect((await dispatchCampaigns(slow)).handed).toBe(0);
    // A minute later the next two go.
    await slow.db.execute(sql`update campaign_recipients set handed_at = handed_at - interval '61 seconds' where handed_at is not null`);
    expect((await dispatchCampaigns(slow)).handed).toBe(2);
    const detail = (await slow.call('GET', `/api/admin/campaigns/${no}`, { token: slowAdmin.token })).body.data;
    expect(detail).toMatchObject({ status: 'sending', recipients: 5, queued: 5 });
  });
});

describe('unsubscribing', () => {
  it('one click on the link stops the next campaign, and the change is recorded', async () => {
    const reader = await member('SG-UNS-1', { withUser: true });
    const no = await createCampaign({ memberNos: ['SG-UNS-1'] });
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    await dispatchCampaigns(t);
    const [mail] = await t.outboxFor(reader.user?.email ?? '');
    const oneClick = mail.headers?.['List-Unsubscribe']?.match(/^<http:\/\/portal\.test(\/api\/unsubscribe\/[^>]+)>$/)?.[1];
    expect(oneClick).toBeTruthy();
    expect(mail.body).toMatch(/Unsubscribe: http:\/\/portal\.test\/unsubscribe\//);

    const tampered = await t.app.inject({
      method: 'POST',
      url: `${oneClick}x`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tampered.statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: oneClick ?? '',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.profileId, reader.profile.profileId));
    expect(user.emailUpdates).toBe(0);
    const changes = await t.db.select().from(schema.consentChanges).where(eq(schema.consentChanges.profileId, reader.profile.profileId));
    expect(changes).toMatchObject([{ channel: 'email', optedIn: false, source: 'one-click' }]);
    expect((await preview({ memberNos: ['SG-UNS-1'] })).recipients).toBe(0);

    // Turning updates back on in the preferences opts in again, recorded as such.
    const token = await signIn(t, reader.user?.email ?? '');
    const flags = { email_reminders: 1, email_updates: 1, sms_reminders: 1, sms_updates: 1 };
    expect((await t.call('POST', '/api/auth/notification', { token, body: flags })).status).toBe(200);
    const again = await t.db.select().from(schema.consentChanges).where(eq(schema.consentChanges.profileId, reader.profile.profileId));
    expect(again.map((c) => [c.channel, c.optedIn, c.source])).toEqual([
      ['email', false, 'one-click'],
      ['email', true, 'preferences'],
    ]);
    expect((await preview({ memberNos: ['SG-UNS-1'] })).recipients).toBe(1);
  });

  it('a member without an account is skipped after opting out by link', async () => {
    const noAccount = await member('SG-UNS-2');
    const no = await createCampaign({ memberNos: ['SG-UNS-2'] });
    await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
    await dispatchCampaigns(t);
    const [mail] = await t.outboxFor(noAccount.profile.email ?? '');
    const url = mail.headers?.['List-Unsubscribe']?.slice('<http://portal.test'.length, -1) ?? '';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await preview({ memberNos: ['SG-UNS-2'] })).skipped).toBe(1);
  });
});
