import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { issueDocument } from '../src/modules/documents';
import type { AppContext } from '../src/shared/context';
import { DAY_MS, nairobiDate } from '../src/shared/dates';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, createUser, type MemberOptions, signIn, type TestApp } from './harness';
import { type PartValue, postMultipart } from './multipart';
import { pdf } from './profile';

/**
 * CPD factories (issue 12): a signed-in member, staff, awards inserted directly (as a closed event or an accepted
 * activity leaves them), and outside activities recorded through the API with a PDF as evidence.
 */

export type CpdMember = Awaited<ReturnType<typeof cpdMember>>;

/** A registered member (Active membership, PROFESSIONAL unless told) with an account, signed in. */
export async function cpdMember(t: TestApp, options: MemberOptions = {}) {
  const { profile, user } = await createMember(t.db, { withUser: true, ...options });
  if (!user) throw new Error('member without a user');
  const token = await signIn(t, user.email);
  return { profileId: profile.profileId, memberNo: profile.memberNo ?? '', profile, user, token };
}

/** A signed-in approver, an administrator who is not the main one, or the main administrator. */
export async function staffToken(t: TestApp, role: 'approver' | 'admin' | 'main') {
  if (role === 'main') return signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  const user = await createUser(t.db, { isApprover: role === 'approver', isAdmin: role === 'admin' });
  return signIn(t, user.email);
}

export interface AwardOptions {
  points?: number;
  structured?: boolean;
  period?: string;
  eventDate?: string;
  endDate?: string;
  description?: string;
  /** An event award with a CPD certificate (issued as a document), as closing an event leaves it. */
  withCertificate?: boolean;
}

let awardCounter = 0;

/** Issuing a document needs no file storage. */
const documentContext = (t: TestApp) =>
  ({ db: t.db, config: t.config, storage: { get: async () => null, put: async () => {}, remove: async () => {} } }) as AppContext;

/** A CPD award inserted directly; with `withCertificate`, an event award whose certificate can be rendered. */
export async function awardFor(t: TestApp, member: { profileId: string; memberNo: string }, options: AwardOptions = {}) {
  const period = options.period ?? String(new Date().getFullYear());
  const eventDate = options.eventDate ?? `${period}-03-10`;
  awardCounter++;
  const bookingNo = options.withCertificate ? `BKGTEST${Date.now().toString(36)}${awardCounter}` : null;
  const certificate = bookingNo
    ? await issueDocument(documentContext(t), {
        kind: 'cpd_certificate',
        profileId: member.profileId,
        subjectKey: bookingNo,
        holderName: 'Amina Odhiambo',
        memberNo: member.memberNo,
      })
    : null;
  const [row] = await t.db
    .insert(schema.cpdAwards)
    .values({
      profileId: member.profileId,
      memberNo: member.memberNo,
      source: bookingNo ? 'event' : 'activity',
      eventNo: bookingNo ? 'EVT000001' : null,
      bookingNo,
      description: options.description ?? 'Bridge design seminar',
      provider: 'Institution of Engineers',
      location: 'Nairobi',
      eventDate,
      endDate: options.endDate ?? eventDate,
      points: String(options.points ?? 5),
      structured: options.structured ?? true,
      period,
      certificateNo: certificate?.documentNo ?? null,
    })
    .returning();
  return row;
}

/** The Nairobi calendar date `days` ago. */
export const daysAgo = (days: number) => nairobiDate(new Date(Date.now() - days * DAY_MS));

/** A valid activity form (text fields): a course that ended 20 days ago. */
export function activityFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    activityType: 'COURSE',
    description: 'Geotechnical design short course',
    provider: 'University of Nairobi',
    location: 'Nairobi',
    startDate: daysAgo(24),
    endDate: daysAgo(20),
    hours: '12',
    ...overrides,
  };
}

/** `POST /api/cpd/activities` with the fields and, unless told otherwise, a PDF as evidence. */
export async function postActivity(t: TestApp, token: string, overrides: Record<string, PartValue> = {}, withEvidence = true) {
  const parts: Record<string, PartValue> = {
    ...activityFields(),
    ...(withEvidence ? { evidence: pdf('evidence.pdf') } : {}),
    ...overrides,
  };
  return postMultipart(t, '/api/cpd/activities', parts, token);
}

/** An activity recorded through the API (Pending); throws when refused. */
export async function recordedActivity(t: TestApp, token: string, overrides: Record<string, PartValue> = {}) {
  const response = await postActivity(t, token, overrides);
  if (response.status !== 200) throw new Error(`activity not recorded: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number; status: string; evidenceUrl: string | null };
}

export async function activityRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(schema.cpdActivities).where(eq(schema.cpdActivities.id, id));
  return row ?? null;
}

/** Sets a category's requirement directly (0: none). */
export async function setRequirement(t: TestApp, categoryCode: string, annualPoints: number, structuredPoints = 0) {
  await t.db
    .insert(schema.cpdRequirements)
    .values({ categoryCode, annualPoints: String(annualPoints), structuredPoints: String(structuredPoints) })
    .onConflictDoUpdate({
      target: schema.cpdRequirements.categoryCode,
      set: { annualPoints: String(annualPoints), structuredPoints: String(structuredPoints) },
    });
}
