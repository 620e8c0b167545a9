import type { Upgrade } from '@portal/contract';
import { upgradeMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nairobiDate } from '../../shared/dates';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { commentsForApplicant, ownedBy } from '../applications/list';

const { applications, membershipCategories } = schema;
const fromCategories = alias(membershipCategories, 'from_categories');

async function upgradeRows(db: Db, where: SQL | undefined): Promise<Upgrade[]> {
  const rows = await db
    .select({ app: applications, to: membershipCategories.description, from: fromCategories.description })
    .from(applications)
    .leftJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .leftJoin(fromCategories, eq(fromCategories.code, applications.fromCategory))
    .where(and(eq(applications.kind, 'Upgrade'), where))
    .orderBy(desc(applications.applicationDateTime), desc(applications.code));
  const comments = await commentsForApplicant(
    db,
    rows.map((r) => r.app.code),
  );
  return rows.map(({ app, to, from }) => ({
    code: app.code,
    fromCategory: app.fromCategory ?? '',
    fromCategoryDescription: from ?? app.fromCategory ?? '',
    toCategory: app.appliedCategory,
    toCategoryDescription: to ?? app.appliedCategory,
    amount: Number(app.amount),
    subsPeriod: nairobiDate(app.applicationDateTime).slice(0, 4),
    status: app.status,
    Submitted: app.submitted,
    returnedAt: app.returnedAt?.toISOString() ?? null,
    applicationDate: app.applicationDateTime.toISOString(),
    membershipComments: comments.get(app.code) ?? [],
    postedReceiptNo: app.postedReceiptNo,
    proFormaRef: app.invoiceNo,
    ProfileID: app.profileId,
  }));
}

/** GET /api/upgrade: the caller's upgrades, newest first; comments hidden from the applicant never leave. */
export function listUpgrades(db: Db, user: UserRow): Promise<Upgrade[]> {
  return upgradeRows(db, ownedBy(user));
}

/** One of the caller's upgrades (404 for anyone else's). */
export async function ownUpgrade(db: Db, user: UserRow, code: string): Promise<Upgrade> {
  const [one] = await upgradeRows(db, and(ownedBy(user), eq(applications.code, code)));
  if (!one) throw notFound(upgradeMessages.notFound);
  return one;
}
