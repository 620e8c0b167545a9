import {
  decodeBase64,
  encodeBase64,
  maskEmail,
  maskPhone,
  normalisePhone,
  REFEREE_LINK_DAYS,
  type RefereeDelivery,
  refereeMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { DAY_MS, longDate } from '../../shared/dates';
import { badRequest } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { randomToken, sha256 } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';

const { refereeRequests, profiles, documents, users } = schema;
export type RequestRow = typeof refereeRequests.$inferSelect;
type EntryRow = typeof schema.profileEntries.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

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

/** A registered referee and where the board reaches them: never what an applicant typed (docs/decisions/028). */
export interface RefereeRecord {
  member: ProfileRow & { memberNo: string };
  /** The member's portal account email, else the register's (profile) email; null when neither is known. */
  email: string | null;
  /** The account's phone, else the register's, normalised (2547…); null when neither is known. */
  phone: string | null;
  /** False when the member's account turned SMS reminders off. */
  smsReminders: boolean;
}

/**
 * A registered member by number (case-insensitively) with the email and phone on record: the portal account's
 * when the member has one (the address they sign in with), else the register's, as subscription reminders do.
 * Null when no registered member has the number.
 */
export async function refereeRecord(db: Db, memberNo: string): Promise<RefereeRecord | null> {
  const [row] = await db
    .select({ profile: profiles, email: users.email, phone: users.phoneNo, smsReminders: users.smsReminders })
    .from(profiles)
    .leftJoin(users, eq(users.profileId, profiles.profileId))
    .where(sql`upper(${profiles.memberNo}) = upper(${memberNo.trim()})`)
    .limit(1);
  const memberNumber = row?.profile.memberNo;
  if (!memberNumber) return null;
  const email = row.email?.trim() || row.profile.email?.trim() || null;
  const phone = row.phone?.trim() || row.profile.phoneNo?.trim() || null;
  return {
    member: { ...row.profile, memberNo: memberNumber },
    email,
    phone: phone ? normalisePhone(phone) : null,
    smsReminders: row.smsReminders !== 0,
  };
}

/** The masked email and phone a request went to, as the applicant is shown them. */
export function deliveryOf(request: Pick<RequestRow, 'refereeEmail' | 'refereePhone'>): RefereeDelivery {
  return { sentToEmail: maskEmail(request.refereeEmail), sentToPhone: maskPhone(request.refereePhone) };
}

/** Where the current request of each of a profile's referee entries went, masked, by entry number. */
export async function refereeDeliveries(db: Db, profileId: string): Promise<Map<number, RefereeDelivery>> {
  const rows = await db
    .select({ entryNo: refereeRequests.entryNo, refereeEmail: refereeRequests.refereeEmail, refereePhone: refereeRequests.refereePhone })
    .from(refereeRequests)
    .where(and(eq(refereeRequests.profileId, profileId), isNull(refereeRequests.supersededAt)))
    .orderBy(asc(refereeRequests.id));
  // At most one request per entry is current; the newest wins should two ever be.
  return new Map(rows.map((r) => [r.entryNo, deliveryOf(r)]));
}

/** The referee entry a request was made for (null once the applicant removed it). */
export async function refereeEntryOf(tx: Db, request: Pick<RequestRow, 'profileId' | 'entryNo'>): Promise<EntryRow | null> {
  const [entry] = await tx
    .select()
    .from(schema.profileEntries)
    .where(
      and(
        eq(schema.profileEntries.profileId, request.profileId),
        eq(schema.profileEntries.section, 'referee'),
        eq(schema.profileEntries.entryNo, request.entryNo),
      ),
    );
  return entry ?? null;
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
  /** The referee's record when the caller has read it already. */
  record?: RefereeRecord | null;
}

/**
 * A new request for a referee entry (the caller has superseded the earlier ones): a random token, stored hashed,
 * expiring in REFEREE_LINK_DAYS, and the email with the review link and the one-click links, queued in the same
 * transaction. The email goes to the referee member's email on record and a short SMS (no links) to the phone on
 * record; the Email and PhoneNo the applicant typed on the entry are never used, or an applicant could type their
 * own address and answer for the referee (docs/decisions/028). A reminder's SMS follows the referee's
 * `sms_reminders`. Null when the entry names no registered member, or the member has no email on record.
 */
export async function issueRequest(tx: Db, config: Config, entry: EntryRow, options: IssueOptions = {}): Promise<RequestRow | null> {
  const now = options.now ?? new Date();
  const record = options.record !== undefined ? options.record : await refereeRecord(tx, String(entry.data.MemberNo ?? ''));
  if (!record?.email) return null;
  const { member, email } = record;
  const phone = record.phone && (!options.reminder || record.smsReminders) ? record.phone : null;
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
      refereePhone: phone,
      sentToRecord: true,
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
  if (phone) {
    // No links by SMS: the links live in the mailbox on record only. The text says which mailbox, masked.
    await enqueue(tx, {
      channel: 'sms',
      to: phone,
      body: options.reminder
        ? `${organisation}: reminder, ${applicant} is still waiting for your referee response. The request is in your email ${maskEmail(email)} until ${until}.`
        : `${organisation}: ${applicant} has named you as a referee. We have emailed the request to ${maskEmail(email)}; its links expire on ${until}.`,
    });
  }
  return row;
}

/**
 * The profile hook: a new referee entry, or one now naming another member, gets a fresh request and email.
 * A member with no email on record cannot be asked, so the entry is refused (the transaction rolls back).
 */
export async function refereeEntrySaved(tx: Db, config: Config, row: EntryRow, before?: EntryRow) {
  const same = before && String(before.data.MemberNo ?? '').toUpperCase() === String(row.data.MemberNo ?? '').toUpperCase();
  if (same) return;
  await supersedeRequests(tx, row.profileId, row.entryNo);
  const issued = await issueRequest(tx, config, row);
  if (!issued) throw badRequest(refereeMessages.noEmailOnRecord, { MemberNo: [refereeMessages.noEmailOnRecord] });
}

/** The profile hook: a removed entry's links stop working (its number may be given to the next entry). */
export async function refereeEntryRemoved(tx: Db, profileId: string, entryNo: number) {
  await supersedeRequests(tx, profileId, entryNo);
}
