import { licenseIsCurrent, type PublicProfile, smsRegisterMessages as say } from '@portal/contract';
import { queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { longDate } from '../../shared/dates';
import { HttpError } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import { today } from '../billing';
import { memberName } from '../register/pages/member-view';
import { findPublicProfile, listedMemberByNo } from '../register/search';

/** What a phone asked about: a member number or a practising licence number. */
export type Wanted = { kind: 'member'; number: string } | { kind: 'licence'; number: string };

/** What a check found, and the words the phone is sent. */
export interface CheckAnswer {
  outcome: 'member' | 'not-listed' | 'licence' | 'unknown' | 'help';
  /** The number looked up ('' when none could be read). */
  query: string;
  reply: string;
}

/** A licence number as issued (licences/issue.ts: PL-<year>-<5 digits>), written with spaces, dashes or neither. */
const LICENCE = /\bPL[\s-]*(\d{4})[\s-]*(\d{1,9})\b/;
/** A member number as the register holds them (letters, digits, '/' and '-', at most 30) with a digit in it. */
const MEMBER_NO = /^[A-Z/-]*\d[A-Z0-9/-]*$/;

export const licenceNumber = (year: string, sequence: string) => `PL-${year}-${sequence.replace(/^0+(?=\d)/, '').padStart(5, '0')}`;

/**
 * The number in an SMS ('ERB1001', 'check erb1001', 'ERB 1001', '1001', 'pl-2026-00001', 'PL 2026 1'), or null. A
 * licence number anywhere wins; otherwise the first word that holds letters and a digit is a member number, else the
 * first word of digits alone, which takes the register's prefix (so 'ERB 1001' and '1001' are ERB1001).
 */
export function numberIn(text: string, prefix: string): Wanted | null {
  const upper = text.toUpperCase().trim();
  const licence = LICENCE.exec(upper);
  if (licence) return { kind: 'licence', number: licenceNumber(licence[1], licence[2]) };
  const words = upper.split(/[\s,.;:!?]+/).filter((word) => word.length <= 30 && MEMBER_NO.test(word));
  const lettered = words.find((word) => /[A-Z]/.test(word));
  if (lettered) return { kind: 'member', number: lettered };
  const digits = words.find((word) => /^\d+$/.test(word));
  return digits ? { kind: 'member', number: `${prefix}${digits}` } : null;
}

/** Answers what an SMS or a USSD session asked, as the public register would (decision 059). */
export async function checkRegister(ctx: AppContext, wanted: Wanted | null): Promise<CheckAnswer> {
  if (!wanted) {
    const minor = await cachedMinorSettings(ctx.db);
    return { outcome: 'help', query: '', reply: say.help(minor.member_number_prefix, Number(today().slice(0, 4))) };
  }
  return wanted.kind === 'member' ? checkMember(ctx, wanted.number) : checkLicence(ctx, wanted.number);
}

/** Titles and names as the register shows them, with the member number: 'Eng. Jane Mwangi (ERB1001)'. */
const holderOf = (m: Parameters<typeof memberName>[0] & { MemberNo: string }) => `${memberName(m)} (${m.MemberNo})`;

/** The newest membership's status of a member number or a profile, when one is on record. */
async function membershipStatus(ctx: AppContext, by: { memberNo: string } | { profileId: string }): Promise<string | null> {
  const where = 'memberNo' in by ? sql`upper(member_no) = ${by.memberNo}` : sql`profile_id = ${by.profileId}`;
  const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from memberships where ${where} order by id desc limit 1`);
  return row?.status ?? null;
}

/**
 * A member number: a listed member's public card in a line (name, category, standing, licence); a number on record
 * whose membership is not Active reads as not on the register, without the name, as the register shows nothing of
 * them; anything else is unknown.
 */
async function checkMember(ctx: AppContext, memberNo: string): Promise<CheckAnswer> {
  const member = await listedMemberByNo(ctx, memberNo);
  if (member) {
    return {
      outcome: 'member',
      query: memberNo,
      reply: say.listed({
        memberNo: member.MemberNo,
        name: memberName(member),
        category: member.CategoryDescription,
        goodStanding: member.goodStanding,
        licensedUntil: member.licensed && member.licenseValidTo ? longDate(member.licenseValidTo) : null,
      }),
    };
  }
  const status = await membershipStatus(ctx, { memberNo });
  if (status && status !== 'Active') return { outcome: 'not-listed', query: memberNo, reply: say.notListed(memberNo, status) };
  return { outcome: 'unknown', query: memberNo, reply: say.unknownMember(memberNo) };
}

/** The licence holder as the register lists them, or null when it does not. */
async function listedHolder(ctx: AppContext, profileId: string): Promise<PublicProfile | null> {
  try {
    return await findPublicProfile(ctx, profileId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

interface LicenceRow {
  license_no: string;
  profile_id: string;
  status: string;
  valid_from: string;
  valid_to: string;
}

/**
 * A licence number: valid while Active within its year (as its verification says, licences/common.ts) and held by
 * a listed member; the holder is named only when the register lists them.
 */
async function checkLicence(ctx: AppContext, licenseNo: string): Promise<CheckAnswer> {
  const [licence] = await queryRows<LicenceRow>(
    ctx.db,
    sql`select license_no, profile_id, status, valid_from::text as valid_from, valid_to::text as valid_to
        from licenses where license_no = ${licenseNo}`,
  );
  if (!licence) return { outcome: 'unknown', query: licenseNo, reply: say.unknownLicence(licenseNo) };
  const holder = await listedHolder(ctx, licence.profile_id);
  const name = holder ? holderOf(holder) : null;
  const answer = (reply: string): CheckAnswer => ({ outcome: 'licence', query: licenseNo, reply });
  const notValid = (why: string) => answer(say.licenceNotValid(licence.license_no, name, why));

  if (licence.status === 'Suspended') return notValid(say.licenceSuspended);
  if (licence.status === 'Revoked') return notValid(say.licenceRevoked);
  const day = today();
  const dates = { validFrom: licence.valid_from, validTo: licence.valid_to, status: licence.status };
  if (!licenseIsCurrent(dates, day)) {
    return notValid(
      day < licence.valid_from ? say.licenceNotYet(longDate(licence.valid_from)) : say.licenceExpired(longDate(licence.valid_to)),
    );
  }
  if (!name) return notValid(say.holderNotListed(await membershipStatus(ctx, { profileId: licence.profile_id })));
  return answer(say.licenceValid(licence.license_no, name, longDate(licence.valid_to)));
}
