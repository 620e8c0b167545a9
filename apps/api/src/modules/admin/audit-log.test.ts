import { schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

let adminToken: string;
let deputyToken: string;
let deputy: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

const audit = (query: Record<string, string> = {}) =>
  t.call('GET', `/api/admin/audit?${new URLSearchParams(query)}`, { token: adminToken });

type Entry = { id: number; at: string; action: string; actor_email: string | null; on_behalf_of_email: string | null; target: string };

beforeAll(async () => {
  adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  deputy = await createUser(t.db, { isAdmin: true, email: `deputy-${Date.now()}@board.test` });
  deputyToken = await signIn(t, deputy.email);
  // Signing staff in set up their second factors, which is audited too (mfa.test.ts); this file counts what follows.
  await t.db.delete(schema.auditLog).where(eq(schema.auditLog.action, 'mfa.enabled'));
  member = await createUser(t.db, { email: `wanjiku-${Date.now()}@example.com` });
  other = await createUser(t.db);

  // Real actions, in this order.
  expect(
    (
      await t.call('POST', `/api/admin/updateUser/${member.id}`, {
        token: adminToken,
        body: { email: member.email, phone_no: '254700000001' },
      })
    ).status,
  ).toBe(200);
  expect((await t.call('POST', '/api/admin/sendActivationLink', { token: deputyToken, body: { id: other.id } })).status).toBe(200);
  const started = await t.call('POST', '/api/admin/loginas', { token: deputyToken, body: { id: member.id } });
  expect(started.status).toBe(200);
  expect((await t.call('POST', '/api/admin/loginas/end', { token: started.body.data.token })).status).toBe(200);

  // Older entries, for the date filters.
  await t.db.insert(schema.auditLog).values([
    { at: new Date('2024-03-01T08:00:00Z'), action: 'user.deleted', actorEmail: ADMIN_EMAIL, target: 'user:9001', details: {} },
    { at: new Date('2024-03-02T23:59:00Z'), action: 'user.deleted', actorEmail: ADMIN_EMAIL, target: 'user:9002', details: {} },
    { at: new Date('2024-03-03T00:00:00Z'), action: 'user.deleted', actorEmail: ADMIN_EMAIL, target: 'user:9003', details: {} },
  ]);
});

describe('GET /api/admin/audit', () => {
  it('lists every entry, newest first, with who, on whose behalf, what and when', async () => {
    const response = await audit();
    expect(response.status).toBe(200);
    const { entries, total, page, pageSize } = response.body.data;
    expect(total).toBe(7);
    expect({ page, pageSize }).toEqual({ page: 1, pageSize: 50 });
    expect(entries.map((e: Entry) => e.action)).toEqual([
      'user.deleted',
      'user.deleted',
      'user.deleted',
      'impersonation.ended',
      'impersonation.started',
      'user.reset_link_sent',
      'user.updated',
    ]);
    const ids = entries.map((e: Entry) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(Object.keys(entries[3]).sort()).toEqual(
      ['action', 'actor_email', 'actor_id', 'at', 'details', 'id', 'ip', 'on_behalf_of_email', 'on_behalf_of_id', 'target'].sort(),
    );
    expect(entries[3]).toMatchObject({
      actor_id: deputy.id,
      actor_email: deputy.email,
      on_behalf_of_id: member.id,
      on_behalf_of_email: member.email,
      target: `user:${member.id}`,
      ip: '10.0.0.1',
    });
    expect(new Date(entries[3].at).toISOString()).toBe(entries[3].at);
  });

  it('filters by action', async () => {
    const response = await audit({ action: 'user.reset_link_sent' });
    expect(response.body.data.total).toBe(1);
    expect(response.body.data.entries[0]).toMatchObject({ actor_email: deputy.email, target: `user:${other.id}` });
    expect((await audit({ action: 'settings.saved' })).body.data.total).toBe(0);
    expect((await audit({ action: 'made.up' })).status).toBe(400);
  });

  it('filters by actor, matching part of the email, in any case', async () => {
    const deputies = await audit({ actor: 'DEPUTY-' });
    expect(deputies.body.data.entries.map((e: Entry) => e.action)).toEqual([
      'impersonation.ended',
      'impersonation.started',
      'user.reset_link_sent',
    ]);
    expect((await audit({ actor: ADMIN_EMAIL })).body.data.total).toBe(4);
    expect((await audit({ actor: 'nobody-at-all' })).body.data.total).toBe(0);
  });

  it("filters by subject: the member acted for, the target, or the target's email", async () => {
    const byMemberEmail = await audit({ subject: member.email });
    expect(byMemberEmail.body.data.entries.map((e: Entry) => e.action)).toEqual(['impersonation.ended', 'impersonation.started']);
    const byOtherEmail = await audit({ subject: other.email.toUpperCase() });
    expect(byOtherEmail.body.data.entries.map((e: Entry) => e.action)).toEqual(['user.reset_link_sent']);
    const byTarget = await audit({ subject: `user:${member.id}` });
    expect(byTarget.body.data.entries.map((e: Entry) => e.action)).toEqual([
      'impersonation.ended',
      'impersonation.started',
      'user.updated',
    ]);
    expect((await audit({ subject: 'user:900' })).body.data.total).toBe(3);
  });

  it('filters by date range, both ends included as whole days', async () => {
    const day = await audit({ from: '2024-03-02', to: '2024-03-02' });
    expect(day.body.data.entries.map((e: Entry) => e.target)).toEqual(['user:9002']);
    const range = await audit({ from: '2024-03-01', to: '2024-03-03' });
    expect(range.body.data.entries.map((e: Entry) => e.target)).toEqual(['user:9003', 'user:9002', 'user:9001']);
    expect((await audit({ to: '2024-03-01' })).body.data.total).toBe(1);
    const [newest] = (await audit({ action: 'impersonation.ended' })).body.data.entries;
    const [oldest] = (await audit({ action: 'user.updated' })).body.data.entries;
    const recent = await audit({ from: oldest.at.slice(0, 10), to: newest.at.slice(0, 10) });
    expect(recent.body.data.total).toBe(4);
    expect((await audit({ from: '2024-03-04', to: '2024-03-10' })).body.data.total).toBe(0);
    expect((await audit({ from: '01/03/2024' })).status).toBe(400);
  });

  it('combines filters', async () => {
    const response = await audit({ action: 'user.deleted', from: '2024-03-02', subject: '9003' });
    expect(response.body.data.entries.map((e: Entry) => e.target)).toEqual(['user:9003']);
  });

  it('pages the results', async () => {
    const all = (await audit()).body.data.entries.map((e: Entry) => e.id);
    const first = await audit({ pageSize: '3' });
    expect(first.body.data).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.body.data.entries.map((e: Entry) => e.id)).toEqual(all.slice(0, 3));
    const third = await audit({ pageSize: '3', page: '3' });
    expect(third.body.data.entries.map((e: Entry) => e.id)).toEqual(all.slice(6));
    expect((await audit({ pageSize: '201' })).status).toBe(400);
    expect((await audit({ page: '0' })).status).toBe(400);
  });

  it('is readable by an administrator who is not the main administrator', async () => {
    const response = await t.call('GET', '/api/admin/audit?action=user.updated', { token: deputyToken });
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(1);
  });
});

describe("GET /api/admin/audit at a board's size (issue 26)", () => {
  it('counts exactly up to 10,000 matches and estimates beyond, saying so; pages from either end agree', async () => {
    await t.db.execute(sql`insert into audit_log (at, action, actor_email, target, details)
      select now() - make_interval(secs => g), 'settings.saved', 'bulk.clerk@board.test', 'PRB' || g, '{}'::jsonb
      from generate_series(1, 10050) g`);
    const many = await audit({ actor: 'bulk.clerk', pageSize: '50' });
    expect(many.status).toBe(200);
    expect(many.body.data.totalExact).toBe(false);
    expect(many.body.data.total).toBeGreaterThan(10_000);
    expect(many.body.data.entries).toHaveLength(50);
    const few = await audit({ actor: 'bulk.clerk', subject: 'prb1000', pageSize: '2' });
    // PRB1000 and PRB10000–PRB10009: 11, exact, the last written first.
    expect(few.body.data).toMatchObject({ total: 11, totalExact: true });
    const whole = await audit({ actor: 'bulk.clerk', subject: 'prb1000', pageSize: '100' });
    const pages: string[] = [];
    for (let page = 1; page <= 6; page++) {
      pages.push(
        ...(await audit({ actor: 'bulk.clerk', subject: 'prb1000', pageSize: '2', page: String(page) })).body.data.entries.map(
          (e: Entry) => e.target,
        ),
      );
    }
    expect(pages).toEqual(whole.body.data.entries.map((e: Entry) => e.target));
    expect(whole.body.data.entries[0].target).toBe('PRB10009');
  });
});
