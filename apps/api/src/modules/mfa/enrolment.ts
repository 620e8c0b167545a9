import { type MfaStatus, mfaMessages, type RecoveryCodes, type TotpRemoveRequest, type TotpSetup } from '@portal/contract';
import { schema, verifyPassword } from '@portal/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { sealSecret } from '../../shared/secret-box';
import { type Auth, isStaff, type UserRow } from '../../shared/session';
import { enqueue } from '../outbox/outbox';
import { passkeysOf, refreshSecondFactor, toPasskeyDto } from '../passkeys/passkey-store';
import { mfaNotices } from './notices';
import { issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes';
import { checkSecondFactor, enabledTotp, takeTotpCode } from './second-factor';
import { newTotpSecret, otpauthUrl } from './totp';

const { mfaFactors, mfaRecoveryCodes, passkeys, sessions, users } = schema;

/** A "log in as" session is the member's, but never changes how they sign in. */
function refuseImpersonated(auth: Auth): void {
  if (auth.impersonatorId) throw forbidden(mfaMessages.impersonated);
}

/** `GET /api/auth/mfa`: the caller's factors, whether they must have one, and when this session last checked one. */
export async function mfaStatus(ctx: AppContext, auth: Auth): Promise<MfaStatus> {
  const [totp, keys, left] = await Promise.all([
    enabledTotp(ctx.db, auth.user.id),
    passkeysOf(ctx.db, auth.user.id),
    recoveryCodesLeft(ctx.db, auth.user.id),
  ]);
  return {
    totp: totp?.enabledAt ? { enabledAt: totp.enabledAt.toISOString(), lastUsedAt: totp.lastUsedAt?.toISOString() ?? null } : null,
    passkeys: keys.map(toPasskeyDto),
    recoveryCodesLeft: left,
    required: isStaff(auth.user),
    verifiedAt: auth.mfaAt?.toISOString() ?? null,
  };
}

/**
 * `POST /api/auth/mfa/totp/setup`: a new secret, waiting for its first code (it replaces one set up before and
 * never confirmed). The QR code is drawn here, so the secret never goes to a third party to be drawn.
 */
export async function setupTotp(ctx: AppContext, auth: Auth): Promise<TotpSetup> {
  refuseImpersonated(auth);
  const { user } = auth;
  if (await enabledTotp(ctx.db, user.id)) throw conflict(mfaMessages.alreadyEnrolled);
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.kind, 'totp'), isNull(mfaFactors.enabledAt)));
    await tx.insert(mfaFactors).values({ userId: user.id, kind: 'totp', secret: sealSecret(ctx.config.mfaKey, secret) });
  });
  const url = otpauthUrl(secret, await organisationName(ctx.db), user.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl: url, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * `POST /api/auth/mfa/totp/enable {code}`: the first code confirms the app; two-step sign-in is on, this session
 * counts as checked, and ten recovery codes are answered, once. Audited and e-mailed.
 */
export async function enableTotp(ctx: AppContext, req: FastifyRequest, auth: Auth, code: string): Promise<RecoveryCodes> {
  refuseImpersonated(auth);
  const [pending] = await ctx.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, auth.user.id), eq(mfaFactors.kind, 'totp'), isNull(mfaFactors.enabledAt)));
  if (!pending) throw badRequest(mfaMessages.noPendingSetup);
  if (!(await takeTotpCode(ctx, pending, code))) throw badRequest(mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] });
  const now = new Date();
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    await tx.update(mfaFactors).set({ enabledAt: now }).where(eq(mfaFactors.id, pending.id));
    await tx.update(users).set({ mfaEnabled: true, updatedAt: now }).where(eq(users.id, auth.user.id));
    await tx.update(sessions).set({ mfaAt: now }).where(eq(sessions.id, auth.sessionId));
    const codes = await issueRecoveryCodes(tx, auth.user.id);
    await enqueue(tx, mfaNotices.enabled(ctx.config, auth.user.email, await organisationName(tx)));
    return codes;
  });
  await audit(ctx.db, req, { action: 'mfa.enabled', target: auth.user.email, details: { kind: 'totp' } });
  return { recoveryCodes };
}

/** Removes every second factor of a user (their own removal, or another administrator's reset). */
export async function removeFactors(tx: AppContext['db'], userId: number): Promise<void> {
  await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.update(users).set({ mfaEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * `POST /api/auth/mfa/totp/remove {password, code}`: the authenticator app goes, with the password and a current
 * code. Passkeys left keep two-step sign-in on (and the recovery codes); without one it is off.
 */
export async function removeTotp(ctx: AppContext, req: FastifyRequest, auth: Auth, body: TotpRemoveRequest): Promise<void> {
  refuseImpersonated(auth);
  if (!(await enabledTotp(ctx.db, auth.user.id))) throw badRequest(mfaMessages.notEnrolled);
  if (!(await verifyPassword(auth.user.passwordHash, body.password))) {
    throw badRequest(mfaMessages.passwordWrong, { password: [mfaMessages.passwordWrong] });
  }
  if (!(await checkSecondFactor(ctx, auth.user.id, body.code)))
    throw badRequest(mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, auth.user.id), eq(mfaFactors.kind, 'totp')));
    const factorLeft = await refreshSecondFactor(tx, auth.user.id);
    await enqueue(tx, mfaNotices.removed(ctx.config, auth.user.email, await organisationName(tx), factorLeft));
  });
  await audit(ctx.db, req, { action: 'mfa.removed', target: auth.user.email, details: { kind: 'totp' } });
}

/** `POST /api/auth/mfa/step-up {code}`: this session checked a second factor now (step-up lasts 15 minutes). */
export async function stepUp(ctx: AppContext, req: FastifyRequest, auth: Auth, code: string): Promise<MfaStatus> {
  const method = await checkSecondFactor(ctx, auth.user.id, code);
  if (!method) throw badRequest(mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] });
  const now = new Date();
  await ctx.db.update(sessions).set({ mfaAt: now }).where(eq(sessions.id, auth.sessionId));
  if (method === 'recovery') await recoveryCodeUsed(ctx, req, auth.user);
  return mfaStatus(ctx, { ...auth, mfaAt: now });
}

/** A recovery code was used: audited and e-mailed with how many are left. */
export async function recoveryCodeUsed(ctx: AppContext, req: FastifyRequest, user: UserRow): Promise<void> {
  const left = await recoveryCodesLeft(ctx.db, user.id);
  await enqueue(ctx.db, mfaNotices.recoveryCodeUsed(ctx.config, user.email, await organisationName(ctx.db), left));
  await audit(ctx.db, req, {
    action: 'mfa.recovery_code_used',
    target: user.email,
    details: { left },
    actor: { id: user.id, email: user.email },
  });
}
