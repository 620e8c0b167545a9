import { MFA_ENROL, MFA_STEP_UP, messages, mfaMessages, STEP_UP_MINUTES, type User } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden, unauthorized } from './errors';
import { cachedMinorSettings } from './organisation';
import { preparedPerDb } from './prepared';
import { randomToken, sha256 } from './tokens';

const { sessions, users } = schema;
export type UserRow = typeof users.$inferSelect;

export interface Auth {
  user: UserRow;
  sessionId: number;
  /** When this session last checked a second factor (sign-in or step-up). */
  mfaAt: Date | null;
  impersonatorId: number | null;
  /** The administrator behind a "log in as" session. */
  impersonator: { id: number; email: string; name: string | null } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  impersonatorId: number | null = null,
  mfaAt: Date | null = null,
) {
  const token = randomToken();
  const lifetimeMinutes = impersonatorId ? Math.min(60, config.sessionAbsoluteMinutes) : config.sessionAbsoluteMinutes;
  const expiresAt = new Date(Date.now() + lifetimeMinutes * 60_000);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, impersonatorId, expiresAt, mfaAt });
  return { token, expiresAt };
}

/**
 * The session and its user by token hash: it runs on every signed-in request, so it is built once and prepared
 * (building this select of every column of both tables cost more CPU than anything else in a request; issue 11).
 */
const sessionByTokenHash = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token_hash'),
);

/** Resolves a bearer token to its user, enforcing idle and absolute expiry. */
export async function resolveSession(db: Db, config: Config, token: string): Promise<Auth | null> {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash: sha256(token) });
  if (!row) return null;
  const now = Date.now();
  const idleMs = (await cachedMinorSettings(db)).inactivityLogout
    ? Math.min(config.inactivityTimeoutMs, config.sessionIdleMinutes * 60_000)
    : config.sessionIdleMinutes * 60_000;
  if (row.session.expiresAt.getTime() < now || row.session.lastSeenAt.getTime() + idleMs < now) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  // Touch at most every few seconds to keep writes down; well inside the shortest idle limit.
  if (now - row.session.lastSeenAt.getTime() > Math.min(30_000, idleMs / 4)) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session.id));
  }
  let impersonator: Auth['impersonator'] = null;
  if (row.session.impersonatorId) {
    const [admin] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, row.session.impersonatorId));
    impersonator = admin ?? null;
  }
  return {
    user: row.user,
    sessionId: row.session.id,
    mfaAt: row.session.mfaAt,
    impersonatorId: row.session.impersonatorId,
    impersonator,
  };
}

export async function endSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function endAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Administrators and approvers: they must have a second factor (issue 25). */
export function isStaff(user: Pick<UserRow, 'isAdmin' | 'isApprover'>): boolean {
  return user.isAdmin || user.isApprover;
}

/**
 * Staff without a second factor may only enrol (decision 047): every guarded call but enrolment, the factors'
 * status and sign-out answers 403 with errors.mfa ['enrol'], which the web app turns into the enrolment page. A
 * "log in as" session is the member's, and was opened by staff who passed the check.
 */
function assertEnrolled(auth: Auth): void {
  if (isStaff(auth.user) && !auth.user.mfaEnabled && !auth.impersonatorId) {
    throw forbidden(mfaMessages.enrolRequired, { mfa: [MFA_ENROL] });
  }
}

/**
 * The 4xx answers of each guard below, for the API document (shared/openapi.ts): a route with one of them is a
 * bearer call. 403 where a role or a second factor is checked (requireUser: staff without one must enrol).
 */
export const guardAnswers = new WeakMap<object, readonly (401 | 403)[]>();

/** Any signed-in session, enrolled or not: for enrolment itself, the factors' status and sign-out. */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthorized(messages.currentSession);
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthorized(messages.currentSession);
  assertEnrolled(request.auth);
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthorized(messages.currentSession);
  if (!request.auth.user.isAdmin) throw forbidden(messages.notAllowed);
  assertEnrolled(request.auth);
}

/** The back office (applications, members): admins and approvers. 401 for a visitor, 403 for a member. */
export async function requireReviewer(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthorized(messages.currentSession);
  if (!isStaff(request.auth.user)) throw forbidden(messages.notAllowed);
  assertEnrolled(request.auth);
}

/** Whether this session checked a second factor within the last STEP_UP_MINUTES. */
export function recentlyVerified(auth: Pick<Auth, 'mfaAt'>, now = Date.now()): boolean {
  return auth.mfaAt !== null && now - auth.mfaAt.getTime() <= STEP_UP_MINUTES * 60_000;
}

/**
 * Step-up (issue 25): "log in as", the main administrator's settings and user management need a second-factor
 * check within the last 15 minutes: 403 with errors.mfa ['step-up'] otherwise, which the web app answers by asking
 * for a code (POST auth/mfa/step-up) and sending the call again. Runs after the role's guard.
 */
export async function requireRecentMfa(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.auth) throw unauthorized(messages.currentSession);
  if (!recentlyVerified(request.auth)) throw forbidden(mfaMessages.stepUpRequired, { mfa: [MFA_STEP_UP] });
}

guardAnswers.set(requireSession, [401]);
for (const guard of [requireUser, requireAdmin, requireReviewer, requireRecentMfa]) guardAnswers.set(guard, [401, 403]);

export function isMainAdmin(user: UserRow, config: Config) {
  return user.isAdmin && user.email === config.adminEmail;
}

/** Site configuration (settings, requirements, CPD requirements, upgrade plans) is the main administrator's. */
export function requireMainAdmin(config: Config, message: string = messages.notAllowed) {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, reply);
    if (request.auth && !isMainAdmin(request.auth.user, config)) throw forbidden(message);
  };
  guardAnswers.set(guard, [401, 403]);
  return guard;
}

/** The caller's session: user, session id and when it last checked a second factor. */
export function currentAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized(messages.currentSession);
  return request.auth;
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized(messages.currentSession);
  return request.auth.user;
}

export function toUserDto(user: UserRow, config: Config): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_no: user.phoneNo,
    id_number: user.idNumber,
    category: user.category,
    type: user.type === 'Corporate' ? 'Corporate' : 'Individual',
    is_admin: user.isAdmin,
    is_approver: user.isApprover,
    is_main_admin: isMainAdmin(user, config),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    profile_id: user.profileId,
    email_reminders: user.emailReminders,
    email_updates: user.emailUpdates,
    sms_reminders: user.smsReminders,
    sms_updates: user.smsUpdates,
    mfa_enabled: user.mfaEnabled,
  };
}

/** A new session for the user; `mfaAt` when a second factor was just checked. */
export async function sessionFor(db: Db, config: Config, user: UserRow, mfaAt: Date | null = null) {
  const { token, expiresAt } = await createSession(db, config, user.id, null, mfaAt);
  return { token, user: toUserDto(user, config), expires_at: expiresAt.toISOString(), impersonator: null };
}
