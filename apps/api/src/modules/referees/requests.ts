import { decodeBase64, encodeBase64, REFEREE_LINK_DAYS } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { DAY_MS, longDate } from '../../shared/dates';
import { organisationName } from '../../shared/organisation';
import { randomToken, sha256 } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';

const { refereeRequests, profiles, documents } = schema;
export type RequestRow = typeof refereeRequests.$inferSelect;
type EntryRow = typeof schema.profileEntries.$inferSelect;

/**
 * base64 of the text in its URL-safe form without padding ('-' and '_' for '+' and '/'), so a value can sit
 * in a path segment or a query value as it is. `decodeBase64` reads both forms.
 */
export function linkValue(text: string): string {
  return encodeBase64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The review link and the two one-click links of one request. */
export function refereeLinks(publicUrl: string, memberNo: string, token: string) {
  const user = linkValue(memberNo);
  const code = linkValue(token);
  const oneClick = (action: 'accept' | 'reject') =>
    `${publicUrl}/referee-response/response?user=${user}&code=${code}&action=${linkValue(action)}`;
  return { review: `${publicUrl}/profile/response/${user}/${code}`, accept: oneClick('accept'), reject: oneClick('reject') };
}

/** The token a link's `code` carries; null when it is not base64. */
export function tokenOf(code: string): string | null {
  return decodeBase64(code.trim());
}

export const hashToken = sha256;

export const fullName = (p: { firstName: string | null; secondName?: string | null; lastName: string | null } | undefined) =>
  [p?.firstName, p?.secondName, p?.lastName]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' ');

/** The applicant's display name. */
export async function applicantName(db: Db, profileId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: profiles.firstName, secondName: profiles.secondName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.profileId, profileId));
  return fullName(row) || 'The applicant';
}

/** A registered member by number, case-insensitively. */
export async function memberProfile(db: Db, memberNo: string) {
  const [row] = await db.select().from(profiles).where(sql`upper(${profiles.memberNo}) = upper(${memberNo.trim()})`).limit(1);
  return row?.memberNo ? row : null;
}

/**
 * Marks every live request of an entry as superseded (a newer request, or the entry removed or given another
 * referee). The form report of an answered one stops verifying as valid: it no longer describes a current referee.
 */
export async function supersedeRequests(tx: Db, profileId: string, entryNo: number, now = new Date()) {
  const superseded = await tx
    .update(refereeRequests)
    .set({ supersededAt: now })
    .where(and(eq(refereeRequests.profileId, profileId), eq(refereeRequests.entryNo, entryNo), isNull(refereeRequests.supersededAt)))
    .returning({ id: refereeRequests.id, respondedAt: refereeRequests.respondedAt });
  const answered = superseded.filter((r) => r.respondedAt).map((r) => String(r.id));
  if (answered.length) {
    await tx
      .update(documents)
      .set({ revokedAt: now, revokedReason: 'The referee was replaced or removed by the applicant' })
      .where(and(eq(documents.kind, 'referee_report'), inArray(documents.subjectKey, answered), isNull(documents.revokedAt)));
  }
}

export interface IssueOptions {
  now?: Date;
  /** Reminders already sent for this entry (carried over to the new request). */
  remindersSent?: number;
  reminder?: boolean;
}

/**
 * A new request for a referee entry (the caller has superseded the earlier ones): a random token, stored hashed,
 * expiring in REFEREE_LINK_DAYS, and the email with the review link and the one-click links, queued in the same
 * transaction. Null when the entry names no registered member.
 */
export async function issueRequest(tx: Db, config: Config, entry: EntryRow, options: IssueOptions = {}): Promise<RequestRow | null> {
  const now = options.now ?? new Date();
  const member = await memberProfile(tx, String(entry.data.MemberNo ?? ''));
  if (!member?.memberNo) return null;
  const email = String(entry.data.Email ?? '').trim() || member.email?.trim();
  if (!email) return null;
  const refereeName = String(entry.data.Name ?? '').trim() || fullName(member);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + REFEREE_LINK_DAYS * DAY_MS);
  const [row] = await tx
    .insert(refereeRequests)
    .values({
      profileId: entry.profileId,
      entryNo: entry.entryNo,
      refereeName,
      refereeEmail: email,
      refereeMemberNo: member.memberNo,
      tokenHash: hashToken(token),
      expiresAt,
      remindersSent: options.remindersSent ?? 0,
      lastSentAt: now,
      createdAt: now,
    })
    .returning();
  const applicant = await applicantName(tx, entry.profileId);
  const organisation = await organisationName(tx);
  const links = refereeLinks(config.publicUrl, member.memberNo, token);
  const until = longDate(expiresAt);
  const body = [
    `Dear ${refereeName},`,
    '',
    options.reminder
      ? `This is a reminder: ${applicant} named you as a referee in their application to ${organisation} and is still waiting for your response.`
      : `${applicant} has named you as a referee in their application to ${organisation}.`,
    '',
    'Please read the confirmation statement and answer a few questions about the applicant here:',
    links.review,
    '',
    'If you already know your answer, you can also respond in one click:',
    `Accept: ${links.accept}`,
    `Reject: ${links.reject}`,
    '',
    `These links work once and expire on ${until}. If you do not know the applicant, please reject the request.`,
  ].join('\n');
  await enqueue(tx, {
    channel: 'email',
    to: email,
    subject: `${options.reminder ? 'Reminder: referee' : 'Referee'} request for ${applicant}`,
    body,
  });
  return row;
}

/** The profile hook: a new referee entry, or one now naming another member, gets a fresh request and email. */
export async function refereeEntrySaved(tx: Db, config: Config, row: EntryRow, before?: EntryRow) {
  const same = before && String(before.data.MemberNo ?? '').toUpperCase() === String(row.data.MemberNo ?? '').toUpperCase();
  if (same) return;
  await supersedeRequests(tx, row.profileId, row.entryNo);
  await issueRequest(tx, config, row);
}

/** The profile hook: a removed entry's links stop working (its number may be given to the next entry). */
export async function refereeEntryRemoved(tx: Db, profileId: string, entryNo: number) {
  await supersedeRequests(tx, profileId, entryNo);
}
