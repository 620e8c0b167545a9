import { COLOR_NAMES, DEFAULT_COLORS, messages, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn } from '../../test/harness';
import { forgetCachedSettings } from './organisation';

const TIMEOUT_MS = 1000;
const t = await createTestApp({ inactivityTimeoutMs: TIMEOUT_MS });

/** Saves the inactivityLogout setting the way the admin screen does (which also clears the settings cache). */
async function setInactivityLogout(on: boolean) {
  // A fresh sign-in: with the rule on, an administrator token idle for a second would itself have ended.
  const token = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  const response = await t.call('POST', '/api/admin/updateSettings', {
    token,
    body: {
      site_colors: COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })),
      site_installed_packages: [...PACKAGES],
      minor_settings: { ...minorSettingsSchema.parse({}), inactivityLogout: on },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Makes every session of the user look idle for `ms`. */
async function idleFor(userId: number, ms: number) {
  await t.db
    .update(schema.sessions)
    .set({ lastSeenAt: new Date(Date.now() - ms) })
    .where(eq(schema.sessions.userId, userId));
}

const sessionsOf = (userId: number) => t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
const me = (token: string) => t.call('GET', '/api/auth/user', { token });

describe('GET /api/settings', () => {
  it('tells the web app the inactivity time-out', async () => {
    const response = await t.call('GET', '/api/settings');
    expect(response.body.data.inactivity_timeout_ms).toBe(TIMEOUT_MS);
  });

  it('is 5 minutes by default (part 2 §9)', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({ NODE_ENV: 'test' }).inactivityTimeoutMs).toBe(300_000);
  });
});

describe('inactivity logout on the server', () => {
  it('with inactivityLogout on, ends a session idle longer than the time-out: 401 and the row is gone', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    // The setting was off when the last request was checked; saving it applies at once.
    expect((await me(token)).status).toBe(200);
    await setInactivityLogout(true);
    await idleFor(user.id, TIMEOUT_MS + 2000);
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(messages.currentSession);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const flags = { email_reminders: 0, email_updates: 0, sms_reminders: 0, sms_updates: 0 };
    expect((await t.call('POST', '/api/auth/notification', { token, body: flags })).status).toBe(401);
  });

  it('with inactivityLogout on, keeps an active session working and marks it seen', async () => {
    await setInactivityLogout(true);
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    expect((await me(token)).status).toBe(200);
    // Just inside the limit: still working, and the request counts as activity.
    await idleFor(user.id, TIMEOUT_MS - 300);
    expect((await me(token)).status).toBe(200);
    const [row] = await sessionsOf(user.id);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(TIMEOUT_MS / 2);
    expect((await me(token)).status).toBe(200);
  });

  it('with inactivityLogout on, ends an idle "log in as" session too', async () => {
    await setInactivityLogout(true);
    const member = await createUser(t.db);
    const adminToken = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const started = await t.call('POST', '/api/admin/loginas', { token: adminToken, body: { id: member.id } });
    expect(started.status).toBe(200);
    await idleFor(member.id, TIMEOUT_MS + 2000);
    expect((await me(started.body.data.token)).status).toBe(401);
  });

  it('with inactivityLogout off, the same idle time is fine and only the normal idle limit applies', async () => {
    await setInactivityLogout(false);
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    await idleFor(user.id, TIMEOUT_MS + 2000);
    expect((await me(token)).status).toBe(200);
    await idleFor(user.id, 10 * 60_000);
    expect((await me(token)).status).toBe(200);
    await idleFor(user.id, (t.config.sessionIdleMinutes + 1) * 60_000);
    expect((await me(token)).status).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('follows a setting written straight to the database once the settings cache is cleared', async () => {
    await setInactivityLogout(false);
    const user = await createUser(t.db);
    const token = await signIn(t, user.email);
    const [row] = await t.db.select().from(schema.settings);
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ ...JSON.parse(row.minorSettings), inactivityLogout: true }) })
      .where(eq(schema.settings.id, row.id));
    forgetCachedSettings();
    await idleFor(user.id, TIMEOUT_MS + 2000);
    expect((await me(token)).status).toBe(401);
  });
});
