import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { smtpSink } from '../../../test/portal-process';
import { createReviewer } from '../../../test/review';
import { smtpTransport } from '../outbox/transports';
import { drainOutbox } from '../outbox/worker';
import { dispatchCampaigns } from './dispatch';

const t = await createTestApp({ campaignRatePerMinute: { email: 1000, sms: 1000 } });
const admin = await createReviewer(t, 'admin');

/** A real SMTP server in this process that refuses one mailbox at the door (550), as a bounce. */
const sink = await smtpSink({ refuse: (address) => address.startsWith('gone@') });
const mail = smtpTransport(sink.url, 'Board <news@portal.test>');
afterAll(sink.close);

async function sendCampaign(memberNos: string[], body: string) {
  const created = await t.call('POST', '/api/admin/campaigns', {
    token: admin.token,
    body: { name: 'Mail', channel: 'email', subject: 'Hello {{firstName}}', body, segment: { memberNos } },
  });
  const no = created.body.data.no as string;
  await t.call('POST', `/api/admin/campaigns/${no}/send`, { token: admin.token });
  await dispatchCampaigns(t);
  return no;
}

describe('campaign e-mail over SMTP', () => {
  it('sends HTML and text with the one-click headers, and a refusal at the door is a bounce', async () => {
    await createMember(t.db, { memberNo: 'ML-1', firstName: 'Ann <b>', email: 'ann@mail.test' });
    await createMember(t.db, { memberNo: 'ML-2', email: 'gone@mail.test' });
    const no = await sendCampaign(['ML-1', 'ML-2'], 'Dear {{firstName}},\n\nThe AGM is on Friday.');
    while ((await drainOutbox(t.db, { email: mail })) > 0);
    await dispatchCampaigns(t);

    const [delivered] = sink.to('ann@mail.test');
    // Soft line breaks of quoted-printable and folded header lines undone.
    const raw = delivered.raw.replace(/=\r?\n/g, '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/portal\.test\/api\/unsubscribe\/[^>]+>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('Content-Type: text/html');
    // The merge field is escaped in the HTML part, as typed in the text part.
    expect(raw).toContain('Dear Ann <b>,');
    const [ann] = await t.outboxFor('ann@mail.test');
    expect(ann.html).toContain('Dear Ann &lt;b&gt;,');
    expect(ann.html).not.toContain('Ann <b>');
    expect(sink.to('gone@mail.test')).toEqual([]);

    const detail = (await t.call('GET', `/api/admin/campaigns/${no}`, { token: admin.token })).body.data;
    expect(detail).toMatchObject({ status: 'completed', sent: 1, bounced: 1 });
    const [outboxRow] = await t.outboxFor('gone@mail.test');
    expect(outboxRow).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('the unsubscribe page', () => {
  it('asks first, unsubscribes on the button, and refuses a changed link', async () => {
    const reader = await createMember(t.db, { memberNo: 'ML-3', email: 'reader@mail.test', withUser: true });
    await sendCampaign(['ML-3'], 'News');
    const [message] = await t.outboxFor('reader@mail.test');
    const path = message.body.match(/http:\/\/portal\.test(\/unsubscribe\/\S+)/)?.[1] ?? '';
    expect(message.html).toContain(`href="http://portal.test${path}"`);

    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Unsubscribe from news and campaigns?');
    const [before] = await t.db.select().from(schema.users).where(eq(schema.users.profileId, reader.profile.profileId));
    expect(before.emailUpdates).toBe(1);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const [after] = await t.db.select().from(schema.users).where(eq(schema.users.profileId, reader.profile.profileId));
    expect(after.emailUpdates).toBe(0);
    const changes = await t.db.select().from(schema.consentChanges).where(eq(schema.consentChanges.profileId, reader.profile.profileId));
    expect(changes).toMatchObject([{ optedIn: false, source: 'unsubscribe-link' }]);

    const changed = await t.app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` });
    expect(changed.statusCode).toBe(404);
    expect(changed.body).toContain('This unsubscribe link is not valid');
  });
});

describe('the logo in campaign e-mails', () => {
  it('is an image any origin may show (mail clients, the preview frame)', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await t.db.update(schema.company).set({ logo: `data:image/png;base64,${png}` });
    const logo = await t.app.inject({ method: 'GET', url: '/search/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
