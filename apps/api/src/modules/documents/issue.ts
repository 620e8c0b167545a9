import { randomBytes } from 'node:crypto';
import type { DocumentKind } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';

export type { DocumentKind };
export type DocumentRow = typeof schema.documents.$inferSelect;

export interface IssueInput {
  kind: DocumentKind;
  profileId: string | null;
  applicationCode?: string | null;
  subjectKey?: string | null;
  holderName: string;
  memberNo?: string | null;
  categoryCode?: string | null;
  details?: Record<string, unknown>;
}

const PREFIX: Record<DocumentKind, string> = {
  application: 'APD',
  acceptance_letter: 'ACL',
  certificate: 'CRT',
  rejection_letter: 'RJL',
  referee_report: 'RFR',
  invoice: 'INV',
  receipt: 'RCP',
  subscription_certificate: 'SUB',
  good_standing: 'CGS',
  event_ticket: 'TKT',
  cpd_certificate: 'CPD',
  cpd_statement: 'CPS',
  upgrade_report: 'UPR',
  license_application: 'LCA',
  license: 'LIC',
};

// Crockford base32: no I, L, O, U, so a number read aloud or typed is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short readable prefix per kind and 16 random base32 characters (80 bits) from the CSPRNG. */
export function newDocumentNo(kind: DocumentKind): string {
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${PREFIX[kind]}-${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}-${out.slice(12, 16)}`;
}

function subjectWhere(kind: DocumentKind, applicationCode: string | null, subjectKey: string | null) {
  const d = schema.documents;
  return and(
    eq(d.kind, kind),
    applicationCode === null ? isNull(d.applicationCode) : eq(d.applicationCode, applicationCode),
    subjectKey === null ? isNull(d.subjectKey) : eq(d.subjectKey, subjectKey),
  );
}

/**
 * Find-or-create: one stable, unguessable number per (kind, applicationCode, subjectKey). Issuing again keeps
 * the number and brings the holder's name, member number, category and details up to date.
 */
export async function issueDocument(ctx: AppContext, input: IssueInput): Promise<DocumentRow> {
  const applicationCode = input.applicationCode ?? null;
  const subjectKey = input.subjectKey ?? null;
  const where = subjectWhere(input.kind, applicationCode, subjectKey);
  const [existing] = await ctx.db.select().from(schema.documents).where(where).limit(1);
  if (existing) return refreshed(ctx, existing, input);
  const [created] = await ctx.db
    .insert(schema.documents)
    .values({
      documentNo: newDocumentNo(input.kind),
      kind: input.kind,
      profileId: input.profileId,
      applicationCode,
      subjectKey,
      holderName: input.holderName,
      memberNo: input.memberNo ?? null,
      categoryCode: input.categoryCode ?? null,
      details: input.details ?? {},
    })
    // A concurrent first fetch may have issued it a moment ago (unique kind, application, subject).
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [row] = await ctx.db.select().from(schema.documents).where(where).limit(1);
  if (!row) throw new Error('document number could not be issued');
  return refreshed(ctx, row, input);
}

async function refreshed(ctx: AppContext, row: DocumentRow, input: IssueInput): Promise<DocumentRow> {
  const next = {
    holderName: input.holderName,
    memberNo: input.memberNo === undefined ? row.memberNo : input.memberNo,
    categoryCode: input.categoryCode === undefined ? row.categoryCode : input.categoryCode,
    details: input.details === undefined ? row.details : input.details,
    profileId: input.profileId ?? row.profileId,
  };
  const same =
    next.holderName === row.holderName &&
    next.memberNo === row.memberNo &&
    next.categoryCode === row.categoryCode &&
    next.profileId === row.profileId &&
    stableJson(next.details) === stableJson(row.details);
  if (same) return row;
  const [updated] = await ctx.db.update(schema.documents).set(next).where(eq(schema.documents.documentNo, row.documentNo)).returning();
  return updated ?? row;
}

/** JSON with object keys sorted (jsonb does not keep the order they were written in). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
