import { type CpdRequirement, cpdMessages } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { Problems } from '../../shared/errors';
import { toPoints } from './common';

const { cpdRequirements, membershipCategories } = schema;

/** `GET admin/cpd/requirements`: every membership category with its annual requirement (0 where it has none). */
export async function listRequirements(db: Db): Promise<CpdRequirement[]> {
  const rows = await db
    .select({
      categoryCode: membershipCategories.code,
      description: membershipCategories.description,
      annualPoints: cpdRequirements.annualPoints,
      structuredPoints: cpdRequirements.structuredPoints,
    })
    .from(membershipCategories)
    .leftJoin(cpdRequirements, eq(cpdRequirements.categoryCode, membershipCategories.code))
    .orderBy(asc(membershipCategories.sequence), asc(membershipCategories.code));
  return rows.map((row) => {
    const annualPoints = toPoints(row.annualPoints);
    return {
      categoryCode: row.categoryCode,
      description: row.description,
      annualPoints,
      structuredPoints: annualPoints > 0 ? toPoints(row.structuredPoints) : 0,
    };
  });
}

/**
 * `POST admin/cpd/requirements` (main administrator): sets the requirement of each category named. A category set
 * to 0 annual points has no requirement; it is kept as a 0 row rather than deleted, so the seed's defaults (inserted
 * at start-up where no row exists) never bring back a requirement the administrator removed.
 */
export async function saveRequirements(
  ctx: AppContext,
  req: FastifyRequest,
  input: { requirements: { categoryCode: string; annualPoints: number; structuredPoints: number }[] },
  now = new Date(),
): Promise<CpdRequirement[]> {
  const codes = [...new Set(input.requirements.map((r) => r.categoryCode))];
  const known = codes.length
    ? await ctx.db.select({ code: membershipCategories.code }).from(membershipCategories).where(inArray(membershipCategories.code, codes))
    : [];
  const knownCodes = new Set(known.map((k) => k.code));
  const problems = new Problems();
  input.requirements.forEach((r, i) => {
    if (!knownCodes.has(r.categoryCode)) problems.add(`requirements.${i}.categoryCode`, cpdMessages.categoryUnknown);
  });
  problems.throwIfAny();
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    for (const r of input.requirements) {
      const structured = r.annualPoints > 0 ? r.structuredPoints : 0;
      await tx
        .insert(cpdRequirements)
        .values({
          categoryCode: r.categoryCode,
          annualPoints: String(r.annualPoints),
          structuredPoints: String(structured),
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: cpdRequirements.categoryCode,
          set: { annualPoints: sql`excluded.annual_points`, structuredPoints: sql`excluded.structured_points`, updatedAt: now },
        });
    }
    await audit(tx, req, {
      action: 'cpd.requirements_saved',
      details: { requirements: input.requirements.map((r) => `${r.categoryCode}: ${r.annualPoints}/${r.structuredPoints}`) },
    });
  });
  return listRequirements(ctx.db);
}
