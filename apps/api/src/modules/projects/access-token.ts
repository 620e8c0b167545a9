import {
  PROJECT_TOKEN_PLACEHOLDER,
  PROJECT_TOKEN_TTL_MINUTES,
  type ProjectAccess,
  type ProjectMember,
  projectMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { unauthorized } from '../../shared/errors';
import { currentMembership } from '../../shared/membership';
import { randomToken, sha256 } from '../../shared/tokens';
import { fullName } from '../documents';
import type { EligibleMember } from './eligibility';

const { oneTimeCodes, profiles } = schema;

/** The purpose under which access tokens are kept in `one_time_codes` (hashed, expiring; decision 035). */
export const PROJECT_TOKEN_PURPOSE = 'projects_access';

/** The projects system's address carrying the token: in place of `{token}`, else as the `token` query parameter. */
export function projectLink(projectUrl: string, token: string): string {
  if (projectUrl.includes(PROJECT_TOKEN_PLACEHOLDER)) return projectUrl.replaceAll(PROJECT_TOKEN_PLACEHOLDER, encodeURIComponent(token));
  const url = new URL(projectUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Drops the member's tokens that have expired, so the table holds only live ones and a few minutes' worth. */
async function forgetExpiredTokens(db: Db, userId: number) {
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, PROJECT_TOKEN_PURPOSE), eq(oneTimeCodes.userId, userId), lt(oneTimeCodes.expiresAt, new Date())));
}

/**
 * A fresh 256-bit random token for an eligible member, kept only as its SHA-256 with the user, profile and expiry.
 * Earlier live tokens stay good until they expire (a second tab of the projects system keeps working).
 */
export async function issueProjectToken(ctx: AppContext, member: EligibleMember, now = new Date()): Promise<ProjectAccess> {
  await forgetExpiredTokens(ctx.db, member.userId);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PROJECT_TOKEN_TTL_MINUTES * 60_000);
  await ctx.db.insert(oneTimeCodes).values({
    purpose: PROJECT_TOKEN_PURPOSE,
    userId: member.userId,
    profileId: member.profileId,
    codeHash: sha256(token),
    expiresAt,
    createdAt: now,
  });
  return { token, url: projectLink(member.projectUrl, token), expiresAt: expiresAt.toISOString() };
}

/**
 * What the projects system learns from a token: who the member is (as the portal knows them now) and until when
 * the token is good. 401 'Invalid access token' for an unknown, altered or revoked token (a removed user takes
 * theirs along), 401 'The access token has expired' past its expiry.
 */
export async function verifyProjectToken(ctx: AppContext, token: string, now = new Date()): Promise<ProjectMember> {
  const [row] = await ctx.db
    .select({ code: oneTimeCodes, profile: profiles })
    .from(oneTimeCodes)
    .innerJoin(profiles, eq(profiles.profileId, oneTimeCodes.profileId))
    .where(and(eq(oneTimeCodes.codeHash, sha256(token.trim())), eq(oneTimeCodes.purpose, PROJECT_TOKEN_PURPOSE)))
    .limit(1);
  if (!row || row.code.consumedAt) throw unauthorized(projectMessages.invalidToken);
  if (row.code.expiresAt.getTime() <= now.getTime()) throw unauthorized(projectMessages.expiredToken);
  const membership = await currentMembership(ctx.db, row.profile.profileId);
  return {
    memberNo: membership?.memberNo ?? row.profile.memberNo ?? '',
    profileId: row.profile.profileId,
    name: fullName(row.profile),
    email: row.profile.email,
    category: membership?.categoryCode ?? row.profile.membershipType ?? '',
    categoryDescription: membership?.categoryDescription ?? '',
    issuedAt: row.code.createdAt.toISOString(),
    expiresAt: row.code.expiresAt.toISOString(),
  };
}
