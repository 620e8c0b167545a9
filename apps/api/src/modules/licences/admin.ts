import { type AdminLicense, type AdminLicensePage, type LicenseStatusRequest, licenseMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { conflict, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { currentUser } from '../../shared/session';
import { containsPattern } from '../../shared/sql-search';
import { enqueue } from '../outbox/outbox';
import { type LicenceRow, licenceDocumentNos, licenceDto } from './common';
import { licenceStatusNotice } from './notices';

const { licenses, profiles, users } = schema;

const holderName = sql<string>`trim(concat_ws(' ', ${profiles.firstName}, ${profiles.secondName}, ${profiles.lastName}))`;

async function adminDtos(db: Db, rows: { licence: LicenceRow; holder: string }[]): Promise<AdminLicense[]> {
  const documentNos = await licenceDocumentNos(
    db,
    rows.map((r) => r.licence.applicationCode),
  );
  return rows.map(({ licence, holder }) => ({
    ...licenceDto(licence, documentNos.get(licence.applicationCode) ?? null),
    holderName: holder,
    memberNo: licence.memberNo,
    applicationCode: licence.applicationCode,
    issuedAt: licence.createdAt.toISOString(),
  }));
}

export interface AdminLicenceQuery {
  status?: string;
  year?: number;
  search?: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/licenses: the licence register, newest first, with filters and the total. */
export async function listLicences(ctx: AppContext, query: AdminLicenceQuery): Promise<AdminLicensePage> {
  const like = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = and(
    query.status ? eq(licenses.status, query.status) : undefined,
    query.year ? eq(licenses.year, query.year) : undefined,
    like ? or(ilike(licenses.licenseNo, like), ilike(licenses.memberNo, like), ilike(holderName, like)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ licence: licenses, holder: holderName })
      .from(licenses)
      .innerJoin(profiles, eq(profiles.profileId, licenses.profileId))
      .where(where)
      .orderBy(desc(licenses.year), desc(licenses.createdAt), desc(licenses.licenseNo))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(licenses)
      .innerJoin(profiles, eq(profiles.profileId, licenses.profileId))
      .where(where),
  ]);
  return { items: await adminDtos(ctx.db, rows), total: Number(count?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** Which status an administrator may move a licence to from each. Revoked and Lapsed are final. */
const ALLOWED: Record<string, string[]> = { Active: ['Suspended', 'Revoked'], Suspended: ['Active', 'Revoked'] };

/**
 * POST /api/admin/licenses/{licenseNo}/status: suspend, revoke or reinstate, with a reason, audited. The row is
 * locked and the update guarded by the status read, so two administrators pressing at once change it once.
 */
export async function changeLicenceStatus(
  ctx: AppContext,
  req: FastifyRequest,
  licenseNo: string,
  input: LicenseStatusRequest,
): Promise<AdminLicense> {
  const actor = currentUser(req);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(licenses).where(eq(licenses.licenseNo, licenseNo.trim().toUpperCase())).for('update');
    if (!row) throw notFound(licenseMessages.licenseNotFound);
    if (!(ALLOWED[row.status] ?? []).includes(input.status)) throw conflict(licenseMessages.transitionNotAllowed(row.status, input.status));
    const now = new Date();
    const [updated] = await tx
      .update(licenses)
      .set({ status: input.status, statusReason: input.reason, statusChangedAt: now, statusChangedBy: actor.id, updatedAt: now })
      .where(and(eq(licenses.licenseNo, row.licenseNo), eq(licenses.status, row.status)))
      .returning();
    await audit(tx, req, {
      action: 'license.status_changed',
      target: `license:${row.licenseNo}`,
      details: { from: row.status, to: input.status, reason: input.reason },
    });
    const [profile] = await tx
      .select({ holder: holderName, firstName: profiles.firstName, email: sql<string | null>`coalesce(${users.email}, ${profiles.email})` })
      .from(profiles)
      .leftJoin(users, eq(users.profileId, profiles.profileId))
      .where(eq(profiles.profileId, row.profileId))
      .limit(1);
    if (profile?.email) {
      const to = { email: profile.email, firstName: profile.firstName };
      await enqueue(tx, licenceStatusNotice(ctx.config, await organisationName(tx), to, row.licenseNo, input.status, input.reason));
    }
    const [dto] = await adminDtos(tx, [{ licence: updated, holder: profile?.holder ?? '' }]);
    return dto;
  });
}
