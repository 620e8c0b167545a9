import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createMember, signIn, type TestApp, uniqueIp } from './harness';

let filed = 0;

/** A registered engineer with an account, signed in. */
export async function respondentMember(t: TestApp) {
  const { profile, user } = await createMember(t.db, { withUser: true, firstName: 'Peter', lastName: 'Kamau' });
  if (!user) throw new Error('no user');
  return { profile, user, memberNo: profile.memberNo as string, token: await signIn(t, user.email) };
}

export function complaintBody(memberNo: string, overrides: Record<string, unknown> = {}) {
  filed++;
  return {
    respondentMemberNo: memberNo,
    complainantName: 'Grace Njeri',
    complainantEmail: `complainant-${filed}-${Date.now()}@example.com`,
    complainantPhone: '0722 123 456',
    description: 'The retaining wall he certified collapsed within a month of completion.',
    incidentDate: '2026-03-14',
    incidentPlace: 'Thika Road, Nairobi',
    withholdIdentity: false,
    ...overrides,
  };
}

/** Files a complaint through the public API; answers the reference and the tracking token from the e-mail. */
export async function fileComplaint(t: TestApp, memberNo: string, overrides: Record<string, unknown> = {}) {
  const body = complaintBody(memberNo, overrides);
  const response = await t.call('POST', '/api/complaints', { body, ip: uniqueIp() });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const reference = response.body.data.reference as string;
  const link = await t.latestLink(body.complainantEmail);
  const token = decodeURIComponent(new URL(`http://x${link}`).searchParams.get('token') ?? '');
  return { reference, token, email: body.complainantEmail, body };
}

export async function moveTo(t: TestApp, token: string, reference: string, stage: string, reason?: string) {
  return t.call('POST', `/api/admin/complaints/${reference}/stage`, { token, body: { stage, ...(reason ? { reason } : {}) } });
}

/** Through review, notice (answered by the engineer), investigation and a scheduled hearing: ready for a decision. */
export async function caseAtHearing(t: TestApp, staffToken: string, respondent: { memberNo: string; token: string }) {
  const { reference, token } = await fileComplaint(t, respondent.memberNo);
  for (const stage of ['preliminary_review', 'notice']) expect((await moveTo(t, staffToken, reference, stage)).status).toBe(200);
  const answer = await t.call('POST', `/api/complaints/${reference}/response`, {
    token: respondent.token,
    body: { statement: 'The wall was built against my drawings.' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((await moveTo(t, staffToken, reference, 'investigation')).status).toBe(200);
  const hearing = await t.call('POST', `/api/admin/complaints/${reference}/hearing`, {
    token: staffToken,
    body: { hearingAt: '2026-12-01T09:00:00+03:00', panel: 'Eng. A. Otieno (chair), Eng. B. Wafula' },
  });
  expect(hearing.status, JSON.stringify(hearing.body)).toBe(200);
  expect((await moveTo(t, staffToken, reference, 'hearing')).status).toBe(200);
  return { reference, trackToken: token };
}

export async function complaintRow(t: Pick<TestApp, 'db'>, reference: string) {
  const [row] = await t.db.select().from(schema.complaints).where(eq(schema.complaints.reference, reference));
  return row;
}

export async function membershipStatus(t: Pick<TestApp, 'db'>, profileId: string) {
  const [row] = await t.db.select().from(schema.memberships).where(eq(schema.memberships.profileId, profileId));
  return row.status;
}
