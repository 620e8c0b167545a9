// My Projects access tokens (part 1 §2, §6; decision 035): issuing to eligible members only, verification by the
// external projects system (valid, expired, altered), and the configuration they depend on.
import { adminMessages, PROJECT_TOKEN_TTL_MINUTES, projectMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';
import { memberWithLogin, pay, subscribe } from '../../../test/statements';
import { sha256 } from '../../shared/tokens';
import { PROJECT_TOKEN_PURPOSE, projectLink } from './access-token';
import { usableProjectUrl } from './eligibility';

const t = await createTestApp();
const PROJECTS = 'https://projects.example.org/portal-login';

async function setProjectUrl(url: string) {
  await t.db.update(schema.company).set({ projectUrl: url });
}
async function setInstalledPackages(packages: string[]) {
  const [row] = await t.db.select().from(schema.settings).limit(1);
  if (row) await t.db.update(schema.settings).set({ siteInstalledPackages: packages }).where(eq(schema.settings.id, row.id));
  else await t.db.insert(schema.settings).values({ siteColors: [], siteInstalledPackages: packages, minorSettings: '{}' });
}

const issue = (token?: string) => t.call('POST', '/api/projects/token', { token });
const verify = (token: unknown, ip = uniqueIp()) => t.call('POST', '/api/projects/token/verify', { body: { token }, ip });

beforeEach(async () => {
  await setProjectUrl(PROJECTS);
  await setInstalledPackages(['Dashboard', 'MyProjects', 'Billing']);
});

describe('POST /api/projects/token', () => {
  it('gives an eligible member a fresh token, good for a few minutes, on the projectURL', async () => {
    const member = await memberWithLogin(t, { category: 'PROFESSIONAL' });
    const before = Date.now();
    const response = await issue(member.token);
    expect(response.status).toBe(200);
    const { token, url, expiresAt } = response.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${PROJECTS}?token=${token}`);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(PROJECT_TOKEN_TTL_MINUTES * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(PROJECT_TOKEN_TTL_MINUTES * 60_000 + 5_000);

    // Kept only as its hash, with the member it was issued to.
    const rows = await t.db.select().from(schema.oneTimeCodes).where(eq(schema.oneTimeCodes.purpose, PROJECT_TOKEN_PURPOSE));
    const row = rows.find((r) => r.codeHash === sha256(token));
    expect(row?.profileId).toBe(member.profileId);
    expect(rows.some((r) => r.codeHash === token)).toBe(false);

    // Each call gives a new token.
    expect((await issue(member.token)).body.data.token).not.toBe(token);
  });

  it('puts the token in place of {token} when projectURL has one', async () => {
    await setProjectUrl('https://projects.example.org/sso/{token}/start');
    const member = await memberWithLogin(t);
    const { token, url } = (await issue(member.token)).body.data;
    expect(url).toBe(`https://projects.example.org/sso/${token}/start`);
  });

  it('refuses a member without a membership record: 403 with the reason', async () => {
    const applicant = await createUser(t.db, { profileId: null });
    const response = await issue(await signIn(t, applicant.email));
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(projectMessages.noMembership);
  });

  it('refuses administrators and approvers, who have no membership', async () => {
    for (const options of [{ isAdmin: true }, { isApprover: true }]) {
      const staff = await createUser(t.db, options);
      const response = await issue(await signIn(t, staff.email));
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(projectMessages.noMembership);
    }
  });

  it('refuses members of the Graduate category', async () => {
    const graduate = await memberWithLogin(t, { category: 'GRADUATE' });
    const response = await issue(graduate.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(projectMessages.graduate);
  });

  it('refuses a member in arrears until the overdue invoice is paid', async () => {
    const member = await memberWithLogin(t);
    const overdue = await subscribe(t, member, { period: '2025', amountCents: 580_000, dueDate: '2025-01-31' });
    const refused = await issue(member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(projectMessages.notInGoodStanding);

    await pay(t, member.profileId, 580_000, { invoiceNo: overdue.documentNo });
    expect((await issue(member.token)).status).toBe(200);
  });

  it('refuses a membership that is no longer Active (no good standing)', async () => {
    const member = await memberWithLogin(t);
    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.profileId, member.profileId));
    const response = await issue(member.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(projectMessages.notInGoodStanding);
  });

  it('refuses an administrator logged in as the member', async () => {
    const member = await memberWithLogin(t);
    const admin = await createUser(t.db, { isAdmin: true });
    const adminToken = await signIn(t, admin.email);
    const loginAs = await t.call('POST', '/api/admin/loginas', { token: adminToken, body: { id: member.user.id } });
    expect(loginAs.status).toBe(200);
    const response = await issue(loginAs.body.data.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(projectMessages.impersonating);
  });

  it('answers 409 when the link is not installed or projectURL is not a usable address', async () => {
    const member = await memberWithLogin(t);
    await setInstalledPackages(['Dashboard', 'Billing']);
    const notInstalled = await issue(member.token);
    expect(notInstalled.status).toBe(409);
    expect(notInstalled.body.message).toBe(projectMessages.notInstalled);

    await setInstalledPackages(['MyProjects']);
    for (const url of ['', '   ', 'javascript:alert(1)', 'not a url', 'ftp://projects.example.org/']) {
      await setProjectUrl(url);
      const response = await issue(member.token);
      expect(response.status, url).toBe(409);
      expect(response.body.message, url).toBe(projectMessages.notConfigured);
    }
  });

  it('answers 401 to visitors', async () => {
    expect((await issue()).status).toBe(401);
  });
});

describe('POST /api/projects/token/verify', () => {
  it('tells the projects system who the member is and until when, as often as it asks until then', async () => {
    const member = await memberWithLogin(t, { firstName: 'Otieno', lastName: 'Ouma', category: 'PROFESSIONAL' });
    const issued = (await issue(member.token)).body.data;
    for (let i = 0; i < 2; i++) {
      const response = await verify(issued.token);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        memberNo: member.memberNo,
        profileId: member.profileId,
        name: 'Otieno Achieng Ouma',
        email: member.profile.email,
        category: 'PROFESSIONAL',
        expiresAt: issued.expiresAt,
      });
      expect(response.body.data.categoryDescription).not.toBe('');
      expect(Date.parse(response.body.data.issuedAt)).toBeLessThan(Date.parse(issued.expiresAt));
    }
  });

  it('answers 401 "The access token has expired" once its minutes are up', async () => {
    const member = await memberWithLogin(t);
    const { token } = (await issue(member.token)).body.data;
    await t.db
      .update(schema.oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.oneTimeCodes.purpose, PROJECT_TOKEN_PURPOSE), eq(schema.oneTimeCodes.codeHash, sha256(token))));
    const response = await verify(token);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(projectMessages.expiredToken);
    expect(JSON.stringify(response.body)).not.toContain(member.memberNo);
  });

  it('answers 401 "Invalid access token" to an altered, truncated or made-up token', async () => {
    const member = await memberWithLogin(t);
    const { token } = (await issue(member.token)).body.data as { token: string };
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const altered of [flipped, token.slice(0, -1), `${token}x`, token.toUpperCase(), 'x'.repeat(43)]) {
      const response = await verify(altered);
      expect(response.status, altered).toBe(401);
      expect(response.body.message, altered).toBe(projectMessages.invalidToken);
    }
  });

  it('does not take a token of another purpose (a password reset link) for an access token', async () => {
    const member = await memberWithLogin(t);
    const resetToken = 'reset-token-of-forty-three-characters-12345';
    await t.db.insert(schema.oneTimeCodes).values({
      purpose: 'password_reset',
      userId: member.user.id,
      profileId: member.profileId,
      codeHash: sha256(resetToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await verify(resetToken);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(projectMessages.invalidToken);
  });

  it('refuses malformed bodies with a 400 and a reason, never a 5xx', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(201) }, { token: ['a'] }, { token: null }]) {
      const response = await t.call('POST', '/api/projects/token/verify', { body, ip: uniqueIp() });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const nul = await verify('abc\u0000def');
    expect(nul.status).toBe(400);
  });

  it('limits how often one address may ask', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await verify('x'.repeat(43), ip)).status);
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /api/admin/project-url', () => {
  const save = (projectURL: unknown, token?: string) => t.call('POST', '/api/admin/project-url', { token, body: { projectURL } });
  const terms = async () => (await t.call('GET', '/api/company/terms')).body.data[0].projectURL;

  it('lets the main administrator set the address the terms carry, and clear it, with an audit record', async () => {
    const mainAdmin = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, uniqueIp());
    const saved = await save('  https://projects.example.org/sso?token={token}  ', mainAdmin);
    expect(saved.status).toBe(200);
    expect(saved.body.data.projectURL).toBe('https://projects.example.org/sso?token={token}');
    expect(await terms()).toBe('https://projects.example.org/sso?token={token}');
    const [record] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'company.updated'))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(record.details).toMatchObject({ projectURL: 'https://projects.example.org/sso?token={token}', previousProjectURL: PROJECTS });

    expect((await save('', mainAdmin)).status).toBe(200);
    expect(await terms()).toBe('');
    const member = await memberWithLogin(t);
    expect((await issue(member.token)).body.message).toBe(projectMessages.notConfigured);
  });

  it('refuses an address that is not absolute http(s), with the reason on the field', async () => {
    const mainAdmin = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, uniqueIp());
    for (const bad of ['javascript:alert(1)', '/projects', 'projects.example.org', 'x'.repeat(2001), 42]) {
      const response = await save(bad, mainAdmin);
      expect(response.status, String(bad)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await save('javascript:alert(1)', mainAdmin)).body.errors.projectURL).toEqual([projectMessages.addressInvalid]);
    expect(await terms()).toBe(PROJECTS);
  });

  it('is the main administrator’s only', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const deputy = await save('https://evil.example/', await signIn(t, admin.email));
    expect(deputy.status).toBe(403);
    expect(deputy.body.message).toBe(adminMessages.mainAdminOnly);
    const member = await memberWithLogin(t);
    expect((await save('https://evil.example/', member.token)).status).toBe(403);
    expect((await save('https://evil.example/')).status).toBe(401);
    expect(await terms()).toBe(PROJECTS);
  });
});

describe('projectLink and usableProjectUrl', () => {
  it('adds the token as a query parameter, keeping the address’s own', () => {
    expect(projectLink('https://p.example/x?lang=en', 'T0k_en')).toBe('https://p.example/x?lang=en&token=T0k_en');
  });

  it('accepts only absolute http(s) addresses', () => {
    expect(usableProjectUrl(' https://p.example/{token} ')).toBe('https://p.example/{token}');
    expect(usableProjectUrl('http://intranet.local/projects')).toBe('http://intranet.local/projects');
    for (const bad of [null, '', '/relative', 'javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c']) {
      expect(usableProjectUrl(bad), String(bad)).toBeNull();
    }
  });
});
