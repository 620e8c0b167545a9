import { type AdminLicense, type AdminLicensePage, type LicenseStatusRequest, licenseMessages } from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import { pageWindow } from '../../shared/bounded-count';
import type { AppContext } from '../../shared/context';
import { conflict, notFound } from '../../shared/errors';
import { organisationName } from '../../shared/organisation';
import { currentUser } from '../../shared/session';
import { wordsWhere } from '../../shared/sql-search';
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

/**
 * The licences a single word names exactly (issue 26): a licence number, a member number (the member's licences)
 * or an e-mail (the holder's profile or login), each through its own index.
 */
async function exactLicenceNos(db: Db, term: string): Promise<string[]> {
  // `= any(array(…))`: the few ids first, then the licences by index, whatever the planner guesses of them.
  const rows = await queryRows<{ license_no: string }>(
    db,
    term.includes('@')
      ? sql`select license_no from licenses where profile_id = any(array(
              select profile_id from profiles where lower(email) = ${term.toLowerCase()}
              union select profile_id from users where email = ${term.toLowerCase()} and profile_id is not null))`
      : sql`select license_no from licenses where license_no = ${term.toUpperCase()}
            union select license_no from licenses
            where profile_id = any(array(select profile_id from memberships where upper(member_no) = ${term.toUpperCase()}))`,
  );
  return rows.map((r) => r.license_no);
}

/** A whole licence number, member number or e-mail answered alone; otherwise every word in the holder's names. */
async function searchCondition(db: Db, search: string | undefined): Promise<SQL | undefined> {
  const text = search?.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  if (!text.includes(' ')) {
    const numbers = await exactLicenceNos(db, text);
    if (numbers.length) return inArray(licenses.licenseNo, numbers);
  }
  return sql`${licenses.profileId} in (select p.profile_id from profiles p where ${wordsWhere(text)})`;
}

/**
 * GET /api/admin/licenses: the licence register, newest first, with filters and the total (issue 26). The total
 * is counted on the licences alone; the page's numbers are read from the order's index (`licenses_year_idx`,
 * `licenses_status_idx`), from whichever end is nearer, before the holders are joined.
 */
export async function listLicences(ctx: AppContext, query: AdminLicenceQuery): Promise<AdminLicensePage> {
  const where: SQL | undefined = and(
    query.status ? eq(licenses.status, query.status) : undefined,
    query.year ? eq(licenses.year, query.year) : undefined,
    await searchCondition(ctx.db, query.search),
  );
  const filtered = where ? sql`where ${where}` : sql``;
  const [count] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${licenses} ${filtered}`);
  const total = Number(count?.n ?? 0);
  const window = pageWindow(total, query.page, query.pageSize);
  const direction = window.reversed ? sql`asc` : sql`desc`;
  // In the subquery, `licenses` is its own FROM (the innermost): the page's numbers come from the index alone.
  const rows = await ctx.db
    .select({ licence: licenses, holder: holderName })
    .from(licenses)
    .innerJoin(profiles, eq(profiles.profileId, licenses.profileId))
    .where(
      sql`${licenses.licenseNo} in (select ${licenses.licenseNo} from ${licenses} ${filtered}
        order by ${licenses.year} ${direction}, ${licenses.createdAt} ${direction}, ${licenses.licenseNo} ${direction}
        limit ${window.limit} offset ${window.offset})`,
    )
    .orderBy(desc(licenses.year), desc(licenses.createdAt), desc(licenses.licenseNo));
  return { items: await adminDtos(ctx.db, rows), total, page: query.page, pageSize: query.pageSize };
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
