import { NO_PROJECTS_CATEGORY, PACKAGES, PROJECT_TOKEN_PLACEHOLDER, projectMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { currentMembership } from '../../shared/membership';
import { loadCompany, loadSettingsRow } from '../../shared/organisation';
import type { UserRow } from '../../shared/session';
import { isInGoodStanding } from '../billing';

export interface EligibleMember {
  userId: number;
  profileId: string;
  projectUrl: string;
}

/** The projects system's address when it is an absolute http(s) address; anything else counts as not set. */
export function usableProjectUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed.replaceAll(PROJECT_TOKEN_PLACEHOLDER, 'token'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * `POST admin/project-url`: sets the terms' projectURL (empty turns My Projects off); 400 for anything but an absolute
 * http(s) address. Recorded in the audit log.
 */
export async function saveProjectUrl(ctx: AppContext, request: FastifyRequest, value: string): Promise<{ projectURL: string }> {
  const projectURL = value.trim();
  if (projectURL && !usableProjectUrl(projectURL)) {
    throw badRequest(projectMessages.addressInvalid, { projectURL: [projectMessages.addressInvalid] });
  }
  const row = await loadCompany(ctx.db);
  if (!row) throw conflict('Company information is missing');
  await ctx.db.update(schema.company).set({ projectUrl: projectURL, updatedAt: new Date() }).where(eq(schema.company.id, row.id));
  await audit(ctx.db, request, {
    action: 'company.updated',
    target: `company:${row.id}`,
    details: { projectURL, previousProjectURL: row.projectUrl },
  });
  return { projectURL };
}

/** 409 unless the MyProjects link is installed and the terms carry a usable `projectURL`. */
async function configuredProjectUrl(ctx: AppContext): Promise<string> {
  const [settings, company] = await Promise.all([loadSettingsRow(ctx.db), loadCompany(ctx.db)]);
  const installed = settings?.siteInstalledPackages ?? [...PACKAGES];
  if (!installed.includes('MyProjects')) throw conflict(projectMessages.notInstalled);
  const url = usableProjectUrl(company?.projectUrl);
  if (!url) throw conflict(projectMessages.notConfigured);
  return url;
}

/**
 * Who may open My Projects (part 1 §2, §6): a member with a membership record, of a category other than GRADUATE, in
 * good standing (an Active membership and nothing overdue). Otherwise 403 with the reason. Not in a "log in as"
 * session: the projects system would take the administrator for the member (decision 035).
 */
export async function assertProjectsEligible(ctx: AppContext, user: UserRow, session: { impersonated: boolean }): Promise<EligibleMember> {
  const projectUrl = await configuredProjectUrl(ctx);
  if (session.impersonated) throw forbidden(projectMessages.impersonating);
  const profileId = user.profileId;
  const membership = await currentMembership(ctx.db, profileId);
  if (!profileId || !membership) throw forbidden(projectMessages.noMembership);
  if (membership.categoryCode.toUpperCase() === NO_PROJECTS_CATEGORY) throw forbidden(projectMessages.graduate);
  if (!(await isInGoodStanding(ctx.db, profileId))) throw forbidden(projectMessages.notInGoodStanding);
  return { userId: user.id, profileId, projectUrl };
}
