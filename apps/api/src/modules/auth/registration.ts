import { FIRM_REGISTRATION_CODE, messages, normalisePhone, type registerRequest } from '@portal/contract';
import { hashPassword, nextNumber, schema } from '@portal/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { loadMinorSettings, organisationName } from '../../shared/organisation';
import { consumeLimit, limits } from '../../shared/rate-limit';
import { randomToken, sixDigitCode } from '../../shared/tokens';
import { enqueue } from '../outbox/outbox';
import { issueCode } from './codes';
import { notices } from './notices';

const { users, profiles, membershipCategories, categoryCharges, applications } = schema;

export type RegisterInput = z.output<typeof registerRequest>;

/**
 * Creates an unverified user and its first application for the chosen category, then sends
 * an OTP by SMS and an activation link by email; either one verifies the account.
 */
export async function register(ctx: AppContext, ip: string, input: RegisterInput) {
  await consumeLimit(ctx.db, `register:ip:${ip}`, limits.registerPerIp);
  const settings = await loadMinorSettings(ctx.db);
  if (!settings.registration) throw forbidden(messages.registrationClosed);

  const [category] = await ctx.db.select().from(membershipCategories).where(eq(membershipCategories.code, input.category));
  if (!category?.canApply || category.categoryType !== input.type) {
    throw badRequest(messages.categoryNotOpen, { category: [messages.categoryNotOpen] });
  }
  if (input.type === 'Individual' && input.category !== FIRM_REGISTRATION_CODE && input.id_number.length < 6) {
    throw badRequest(messages.idTooShort, { id_number: [messages.idTooShort] });
  }
  const phone = normalisePhone(input.phone);
  const idNumber = input.id_number.trim().toUpperCase();

  const [byEmail] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (byEmail) throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
  const [byId] = await ctx.db.select({ id: users.id }).from(users).where(sql`upper(${users.idNumber}) = ${idNumber}`);
  if (byId) throw conflict(messages.idTaken, { id_number: [messages.idTaken] });
  const [member] = await ctx.db
    .select({ memberNo: profiles.memberNo })
    .from(profiles)
    .where(and(sql`upper(${profiles.identificationDocumentNo}) = ${idNumber}`, ne(profiles.memberNo, '')));
  if (member?.memberNo) {
    const message = 'This ID number belongs to a registered member. Use Activate Account instead.';
    throw conflict(message, { id_number: [message] });
  }

  const [charge] = await ctx.db
    .select({ amount: categoryCharges.amountIncludingVat })
    .from(categoryCharges)
    .where(and(eq(categoryCharges.categoryCode, category.code), eq(categoryCharges.chargeType, 'APPLICATION')));

  const passwordHash = await hashPassword(input.password);
  const otp = sixDigitCode();
  const linkToken = randomToken();
  const displayName = await organisationName(ctx.db);

  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, phoneNo: phone, idNumber, passwordHash, type: input.type, category: category.code })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
    const code = await nextNumber(tx, 'application', 'APP');
    await tx.insert(applications).values({
      code,
      userId: created.id,
      appliedCategory: category.code,
      amount: charge?.amount ?? '0',
      status: 'New',
    });
    await issueCode(tx, 'otp', { userId: created.id }, otp);
    await issueCode(tx, 'activation_link', { userId: created.id }, linkToken);
    await enqueue(tx, notices.registrationOtp(phone, otp));
    await enqueue(tx, notices.activationLink(ctx.config, input.email, displayName, linkToken));
    return created;
  });
  return { id: user.id, phone_no: phone };
}
