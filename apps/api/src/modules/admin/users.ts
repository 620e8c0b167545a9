import { type AdminUser, type AdminUsersPage, adminMessages, messages, parsePhone } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { conflict, forbidden, notFound } from '../../shared/errors';
import { isMainAdmin, type UserRow } from '../../shared/session';
import { containsPattern } from '../../shared/sql-search';
import { sendResetLink } from '../auth';

const { users, profiles } = schema;
const MAX_ID = 2_147_483_647;

/** The row an administrator sees: never a password hash or a token. A member's name comes from the profile. */
export function toAdminUser(u: UserRow, profileName: string | null = null): AdminUser {
  return {
    id: u.id,
    name: u.name ?? profileName,
    email: u.email,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    profile_id: u.profileId,
    id_number: u.idNumber,
    phone_no: u.phoneNo,
    is_admin: u.isAdmin,
    is_approver: u.isApprover,
    mfa_enabled: u.mfaEnabled,
  };
}

export async function listUsers(ctx: AppContext, search: string | undefined, page: number, pageSize: number): Promise<AdminUsersPage> {
  let where: SQL | undefined;
  if (search) {
    const like = containsPattern(search);
    where = or(
      ilike(users.email, like),
      ilike(users.name, like),
      ilike(users.phoneNo, like),
      // A phone number typed any usual way finds the stored form (decision 040).
      ...(parsePhone(search) ? [eq(users.phoneNo, parsePhone(search) as string)] : []),
      ilike(users.idNumber, like),
      ilike(users.profileId, like),
      ilike(profiles.firstName, like),
      ilike(profiles.lastName, like),
      ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, like),
    );
    // Only a value that fits the integer id column: a phone or ID number of digits is not an id.
    const asId = Number(search);
    if (Number.isInteger(asId) && asId > 0 && asId <= MAX_ID) where = or(where, eq(users.id, asId));
  }
  const profileName = sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.secondName}, ${profiles.lastName})), '')`;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ user: users, profileName })
      .from(users)
      .leftJoin(profiles, eq(profiles.profileId, users.profileId))
      .where(where)
      .orderBy(asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.profileId, users.profileId)).where(where),
  ]);
  return { users: rows.map((r) => toAdminUser(r.user, r.profileName)), total: Number(total), page, pageSize };
}

async function findUser(ctx: AppContext, id: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(adminMessages.userNotFound);
  return user;
}

/** Administrator accounts are changed only by the main administrator (or by themselves), so one admin cannot take over another. */
function assertManageable(ctx: AppContext, request: FastifyRequest, user: UserRow) {
  const caller = request.auth?.user;
  if (user.isAdmin && caller && caller.id !== user.id && !isMainAdmin(caller, ctx.config))
    throw forbidden(adminMessages.adminAccountsMainOnly);
}

export async function updateUser(ctx: AppContext, request: FastifyRequest, id: number, email: string, phoneNo: string) {
  const user = await findUser(ctx, id);
  // The main administrator is the account whose email is ADMIN_EMAIL: moving that address away (or onto
  // another account) would hand the site settings to someone else, so it stays as configured.
  if (isMainAdmin(user, ctx.config) && email !== user.email) throw forbidden(adminMessages.mainAdminEmailFixed);
  assertManageable(ctx, request, user);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)));
  if (taken) throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
  const [updated] = await ctx.db.update(users).set({ email, phoneNo, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  await audit(ctx.db, request, {
    action: 'user.updated',
    target: `user:${id}`,
    details: { before: { email: user.email, phone_no: user.phoneNo }, after: { email, phone_no: phoneNo } },
  });
  return toAdminUser(updated);
}

/** Deleting a user ends all its sessions (they cascade). The register record (profile) stays. */
export async function deleteUser(ctx: AppContext, request: FastifyRequest, id: number) {
  const user = await findUser(ctx, id);
  if (request.auth?.user.id === id) throw forbidden(adminMessages.cannotDeleteSelf);
  if (isMainAdmin(user, ctx.config)) throw forbidden(adminMessages.cannotDeleteMainAdmin);
  assertManageable(ctx, request, user);
  await ctx.db.delete(users).where(eq(users.id, id));
  await audit(ctx.db, request, {
    action: 'user.deleted',
    target: `user:${id}`,
    details: { email: user.email, profile_id: user.profileId, is_admin: user.isAdmin, is_approver: user.isApprover },
  });
  return { message: adminMessages.userDeleted };
}

export async function sendUserResetLink(ctx: AppContext, request: FastifyRequest, id: number) {
  const user = await findUser(ctx, id);
  assertManageable(ctx, request, user);
  await sendResetLink(ctx, user.id, user.email);
  await audit(ctx.db, request, { action: 'user.reset_link_sent', target: `user:${id}`, details: { email: user.email } });
  return { message: adminMessages.resetLinkSent };
}
