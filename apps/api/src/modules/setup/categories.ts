import type { MembershipCategory, Requirement } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';

const { membershipCategories, categoryCharges, requirements, disclaimers } = schema;

export async function listCategories(db: Db): Promise<MembershipCategory[]> {
  const [cats, charges] = await Promise.all([
    db.select().from(membershipCategories).orderBy(asc(membershipCategories.sequence)),
    db.select().from(categoryCharges),
  ]);
  return cats.map((c) => ({
    Code: c.code,
    Description: c.description,
    categoryType: c.categoryType === 'Corporate' ? 'Corporate' : 'Individual',
    CanApply: c.canApply,
    entitled: c.entitled,
    charges: charges
      .filter((ch) => ch.categoryCode === c.code)
      .map((ch) => ({ Charge_Type: ch.chargeType, Currency_Code: ch.currencyCode, Amount_Including_VAT: Number(ch.amountIncludingVat) })),
  }));
}

export async function listRequirements(db: Db, category?: string, type?: string): Promise<Requirement[]> {
  const filters = [];
  if (category) filters.push(eq(requirements.categoryCode, category));
  if (type) filters.push(eq(requirements.checklistType, type));
  const rows = await db
    .select()
    .from(requirements)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(requirements.categoryCode), asc(requirements.checklistType), asc(requirements.sequence));
  return rows.map((r) => ({
    category: r.categoryCode,
    checkListType: r.checklistType as Requirement['checkListType'],
    code: r.code,
    description: r.description,
    sequence: r.sequence,
  }));
}

export async function listDisclaimers(db: Db) {
  const rows = await db.select().from(disclaimers).orderBy(asc(disclaimers.id));
  return rows.map((d) => ({ disclaimerType: d.disclaimerType as 'Activation' | 'Application', description: d.description }));
}
