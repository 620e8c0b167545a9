import { type AdminRequirement, CHECKLIST_COMPONENTS, type requirementInput, type requirementUpdate } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { forgetRequirements } from '../../shared/kept-requirements';

const { requirements, membershipCategories } = schema;

const toDto = (r: typeof requirements.$inferSelect): AdminRequirement => ({
  id: r.id,
  category: r.categoryCode,
  checkListType: r.checklistType,
  code: r.code,
  description: r.description,
  sequence: r.sequence,
});

export async function listRequirementRows(ctx: AppContext, category?: string, type?: string) {
  const filters = [];
  if (category) filters.push(eq(requirements.categoryCode, category));
  if (type) filters.push(eq(requirements.checklistType, type));
  const rows = await ctx.db
    .select()
    .from(requirements)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(requirements.categoryCode), asc(requirements.checklistType), asc(requirements.sequence), asc(requirements.id));
  return rows.map(toDto);
}

/** Only codes the server knows how to check can be required: anything else could never pass. */
export async function addRequirement(ctx: AppContext, request: FastifyRequest, input: z.output<typeof requirementInput>) {
  const code = input.code.toUpperCase();
  if (!(code in CHECKLIST_COMPONENTS)) throw badRequest('Unknown checklist item', { code: ['Unknown checklist item'] });
  const [category] = await ctx.db.select().from(membershipCategories).where(eq(membershipCategories.code, input.category));
  if (!category) throw badRequest('Unknown category', { category: ['Unknown category'] });
  const [row] = await ctx.db
    .insert(requirements)
    .values({
      categoryCode: input.category,
      checklistType: input.checkListType,
      code,
      description: input.description,
      sequence: input.sequence,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('This item is already required for the category and type');
  forgetRequirements(ctx.db);
  await audit(ctx.db, request, { action: 'requirement.saved', target: `requirement:${row.id}`, details: { created: true, ...toDto(row) } });
  return toDto(row);
}

export async function updateRequirement(ctx: AppContext, request: FastifyRequest, input: z.output<typeof requirementUpdate>) {
  const [before] = await ctx.db.select().from(requirements).where(eq(requirements.id, input.id));
  if (!before) throw notFound('Requirement not found');
  const [row] = await ctx.db
    .update(requirements)
    .set({ description: input.description, sequence: input.sequence })
    .where(eq(requirements.id, input.id))
    .returning();
  forgetRequirements(ctx.db);
  await audit(ctx.db, request, {
    action: 'requirement.saved',
    target: `requirement:${row.id}`,
    details: { before: toDto(before), after: toDto(row) },
  });
  return toDto(row);
}

export async function removeRequirement(ctx: AppContext, request: FastifyRequest, id: number) {
  const [row] = await ctx.db.delete(requirements).where(eq(requirements.id, id)).returning();
  if (!row) throw notFound('Requirement not found');
  forgetRequirements(ctx.db);
  await audit(ctx.db, request, { action: 'requirement.removed', target: `requirement:${id}`, details: toDto(row) });
  return { message: 'Requirement removed' };
}
