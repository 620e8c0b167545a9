import { encodeJson, maskEmail, maskPhone, messages, normalisePhone } from '@portal/contract';
import { hashPassword, schema } from '@portal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { sessionFor } from '../../shared/session';
import { sixDigitCode } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';
import { consumeOwnedCode, issueCode, RESEND_WAIT_SECONDS, secondsSinceLastCode } from './codes';
import { notices } from './notices';

const { profiles, users } = schema;

async function findMember(ctx: AppContext, memberNo: string) {
  const [profile] = await ctx.db.select().from(profiles).where(sql`upper(${profiles.memberNo}) = ${memberNo.trim().toUpperCase()}`);
  if (!profile) throw notFound(messages.memberNotFound);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.profileId, profile.profileId));
  return { profile, activated: Boolean(user) };
}

/** Public look-up by membership number: names, and where the code will go, masked. */
export async function searchMember(ctx: AppContext, ip: string, memberNo: string) {
  await consumeLimit(ctx.db, `member-search:ip:${ip}`, limits.searchPerIp);
  const { profile, activated } = await findMember(ctx, memberNo);
  return {
    MemberNo: profile.memberNo ?? '',
    FirstName: profile.firstName,
    LastName: profile.lastName,
    maskedEmail: maskEmail(profile.email),
    maskedPhone: maskPhone(profile.phoneNo),
    activated,
  };
}

/**
 * Checks the ID number against the register and sends a code to the email and phone on record.
 * Codes never go to contact details typed into the form: that would let anyone holding a member's
 * number and ID take over the account.
 */
export async function requestActivation(ctx: AppContext, ip: string, memberNo: string, idNumber: string) {
  await consumeLimit(ctx.db, `activation:ip:${ip}`, limits.activationPerIp);
  await consumeLimit(ctx.db, `activation:acct:${memberNo.toUpperCase()}`, limits.activationPerAccount);
  const { profile, activated } = await findMember(ctx, memberNo);
  if (activated) throw conflict(messages.memberAlreadyActivated);
  const onRecord = (profile.identificationDocumentNo ?? '').trim().toUpperCase();
  if (!onRecord || onRecord !== idNumber.trim().toUpperCase()) {
    throw badRequest(messages.activationDetailsMismatch, { IdentificationDocumentNo: [messages.activationDetailsMismatch] });
  }
  if (!profile.email) {
    throw badRequest('We have no email address on record for this membership number. Please contact the secretariat.');
  }
  const [emailInUse] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, profile.email.toLowerCase()));
  if (emailInUse) {
    throw conflict(
      'The email address on record is already used by another portal account. Please contact the secretariat to update your record.',
    );
  }
  const owner = { profileId: profile.profileId };
  const since = await secondsSinceLastCode(ctx.db, 'member_activation', owner);
  if (since !== null && since < RESEND_WAIT_SECONDS) throw new HttpError(429, messages.otpResendWait);

  const code = sixDigitCode();
  // URL-safe alphabet: the value is a path segment (/activate/:code), where a '/' would split it. decodeBase64 reads both.
  const link = encodeJson({ email: profile.email, otp_code: code }).replace(/\+/g, '-').replace(/\//g, '_');
  const name = await organisationName(ctx.db);
  await ctx.db.transaction(async (tx) => {
    await issueCode(tx, 'member_activation', owner, code);
    await enqueue(tx, notices.memberActivation(ctx.config, profile.email ?? '', name, profile.firstName, code, link));
    if (profile.phoneNo) await enqueue(tx, notices.memberActivationSms(normalisePhone(profile.phoneNo), code));
  });
  return { message: messages.activationCodeSent, email: maskEmail(profile.email), phone: maskPhone(profile.phoneNo) };
}

/** Completes activation: creates the user linked to the member's profile and signs it in. */
export async function activateMember(ctx: AppContext, ip: string, email: string, code: string, password: string) {
  await consumeLimit(ctx.db, `activation:ip:${ip}`, limits.activationPerIp);
  await consumeLimit(ctx.db, `activation:acct:${email}`, limits.activationPerAccount);
  const [profile] = await ctx.db
    .select()
    .from(profiles)
    .where(and(sql`lower(${profiles.email}) = ${email}`, sql`${profiles.memberNo} is not null`));
  if (!profile) throw badRequest(messages.invalidActivationCode);
  await consumeOwnedCode(ctx.db, 'member_activation', { profileId: profile.profileId }, code, messages.invalidActivationCode);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict(messages.memberAlreadyActivated);
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      phoneNo: profile.phoneNo ? normalisePhone(profile.phoneNo) : null,
      idNumber: profile.identificationDocumentNo,
      passwordHash: await hashPassword(password),
      type: profile.type === 'Corporate' ? 'Corporate' : 'Individual',
      category: profile.membershipType,
      emailVerifiedAt: new Date(),
      profileId: profile.profileId,
    })
    .returning();
  return sessionFor(ctx.db, ctx.config, user);
}
