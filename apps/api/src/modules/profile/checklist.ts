import {
  BOARD_CAPTION,
  type ChecklistItem,
  firmBioSchema,
  REFEREE_CHECKLIST_CODES,
  REQUIRED_REFEREES,
  type RefereeCounts,
  refereeWaitingNote,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../shared/context';
import { cachedMinorSettings } from '../../shared/organisation';
import { preparedPerDb } from '../../shared/prepared';
import type { UserRow } from '../../shared/session';
import { bioSchemaForRow } from './bio';
import { loadRuleFacts, type RuleFacts, rulePasses } from './checklist-rules';

const { profiles, profileEntries, requirements } = schema;
type ProfileRow = typeof profiles.$inferSelect;

export interface SectionStats {
  count: number;
  /** Contacts of type Personal. */
  personal: number;
  /** Referees who have accepted the request. */
  accepted: number;
  /** Referees who have rejected it. */
  rejected: number;
}

/** What the checklist rules read: the profile row and one line of counts per section. */
export interface ChecklistFacts {
  profile: ProfileRow | null;
  stats: Map<string, SectionStats>;
  boardCaption: boolean;
  /** Membership, ledger and CPD facts, loaded only for checklists with rule codes (checklist-rules.ts). */
  rules?: RuleFacts;
}

/** One line of counts per section of a profile's entries. */
const statsFields = {
  section: profileEntries.section,
  count: sql<number>`count(*)::int`.as('count'),
  personal: sql<number>`(count(*) filter (where ${profileEntries.data}->>'Type' = 'Personal'))::int`.as('personal'),
  accepted: sql<number>`(count(*) filter (where ${profileEntries.data}->>'response' = 'Accept'))::int`.as('accepted'),
  rejected: sql<number>`(count(*) filter (where ${profileEntries.data}->>'response' = 'Reject'))::int`.as('rejected'),
};
export interface EntryStatsRow {
  section: string;
  count: number;
  personal: number;
  accepted: number;
  rejected: number;
}

// Read with every checklist: built once and prepared (issue 11).
const entryStatsQuery = preparedPerDb((db) =>
  db
    .select(statsFields)
    .from(profileEntries)
    .where(eq(profileEntries.profileId, sql.placeholder('profileId')))
    .groupBy(profileEntries.section)
    .prepare('checklist_entry_stats'),
);

/**
 * The same counts as a JSON list, for a column beside the profile (`profileId`: the outer query's column): the
 * profile summary reads them with the profile, in one round trip (issue 27).
 */
export function entryStatsJson(profileId: AnyPgColumn): SQL<EntryStatsRow[]> {
  const stats = new QueryBuilder()
    .select(statsFields)
    .from(profileEntries)
    .where(eq(profileEntries.profileId, profileId))
    .groupBy(profileEntries.section);
  return sql<EntryStatsRow[]>`(select coalesce(json_agg(s), '[]'::json) from (${stats}) s)`;
}

export function entryStats(rows: EntryStatsRow[]): Map<string, SectionStats> {
  return new Map(
    rows.map((r) => [
      r.section,
      { count: Number(r.count), personal: Number(r.personal), accepted: Number(r.accepted), rejected: Number(r.rejected) },
    ]),
  );
}

/** Every section's counts in one query. */
export async function loadEntryStats(db: Db, profileId: string): Promise<Map<string, SectionStats>> {
  return entryStats(await entryStatsQuery(db).execute({ profileId }));
}

/** The checklist's facts; `stats` when the caller read them already (the profile summary reads them with the profile). */
export async function loadChecklistFacts(
  ctx: AppContext,
  profile: ProfileRow | null,
  stats?: Map<string, SectionStats>,
): Promise<ChecklistFacts> {
  const [minor, entries] = await Promise.all([
    cachedMinorSettings(ctx.db),
    stats ?? (profile ? loadEntryStats(ctx.db, profile.profileId) : Promise.resolve(new Map<string, SectionStats>())),
  ]);
  return { profile, stats: entries, boardCaption: minor.organisation_caption === BOARD_CAPTION };
}

const count = (facts: ChecklistFacts, section: string) => facts.stats.get(section)?.count ?? 0;
const isFirm = (p: ProfileRow) => p.type === 'Corporate';

/** Whether one requirement passes (part 1 §2 Checklist; docs/decisions/015). Unknown codes never pass. */
export function passes(code: string, facts: ChecklistFacts): boolean {
  const p = facts.profile;
  if (!p) return false;
  const rule = rulePasses(code, facts.rules);
  if (rule !== undefined) return rule;
  switch (code) {
    case 'PROFILE':
      return isFirm(p)
        ? p.details !== null && firmBioSchema.safeParse({ ...p.details, FirstName: p.firstName }).success
        : bioSchemaForRow(p, facts.boardCaption).success;
    case 'PICTURE':
      return p.pictureFileId !== null;
    case 'ID':
      return p.idFileId !== null;
    case 'RESIDENCE':
      return Boolean(p.nationality) && (p.nationality !== 'KE' || (Boolean(p.county) && Boolean(p.city)));
    case 'CONTACTS':
    case 'ADDRESS':
      return isFirm(p) ? count(facts, 'contact') > 0 : (facts.stats.get('contact')?.personal ?? 0) > 0;
    case 'OLEVEL':
    case 'EDUCATION':
      return count(facts, 'certification') > 0;
    case 'PROFESSIONAL':
      return count(facts, 'institution') > 0;
    case 'WORK EXPERIENCE':
      return count(facts, 'work-experience') > 0;
    case 'REFEREE':
    case 'PROPOSER':
    case 'SECONDER':
      // decisions.md §4: the required number of referees have accepted (docs/decisions/018).
      return (facts.stats.get('referee')?.accepted ?? 0) >= REQUIRED_REFEREES;
    case 'SPECILIZATION':
      return count(facts, 'specialization') > 0 || (facts.boardCaption && Boolean(p.specialization));
    case 'ATTACHMENTS':
      return count(facts, 'attachments') > 0;
    case 'SERVICES':
      return count(facts, 'services') > 0;
    case 'DIRECTORS':
      return count(facts, 'directors') > 0;
    case 'FIRMEMPLOYEES':
      return count(facts, 'employees') > 0;
    case 'SHAREHOLDERS':
      return count(facts, 'shareholders') > 0;
    case 'FIRMBANKERS':
      return count(facts, 'bankers') > 0;
    case 'FACILITIES':
      return count(facts, 'facilities') > 0;
    case 'CONVICTION':
      return count(facts, 'convictions') > 0 || p.details?.noConvictions === true;
    default:
      return false;
  }
}

// Read with every profile summary and checklist: built once and prepared (issue 11).
const requirementQuery = preparedPerDb((db) =>
  db
    .select()
    .from(requirements)
    .where(and(eq(requirements.categoryCode, sql.placeholder('category')), eq(requirements.checklistType, sql.placeholder('type'))))
    .orderBy(asc(requirements.sequence), asc(requirements.code))
    .prepare('checklist_requirements'),
);

/** The category's requirement rows of one checklist type, in order (needs no facts: can be read beside them). */
export function requirementRows(db: Db, category: string, type: string) {
  return requirementQuery(db).execute({ category, type });
}

/** The referee entries as accepted, still to answer, and rejected. */
export function refereeCounts(facts: ChecklistFacts): RefereeCounts {
  const stats = facts.stats.get('referee');
  const accepted = stats?.accepted ?? 0;
  const rejected = stats?.rejected ?? 0;
  return { accepted, rejected, pending: Math.max((stats?.count ?? 0) - accepted - rejected, 0) };
}

const isRefereeCode = (code: string) => (REFEREE_CHECKLIST_CODES as readonly string[]).includes(code);

/**
 * Each requirement row with its pass flag. A referee item that fails says why ('Waiting for referees: 1 accepted,
 * 1 pending') and carries the counts, so the page can offer Resend (issue 16).
 */
export function checklistItems(rows: (typeof requirements.$inferSelect)[], facts: ChecklistFacts): ChecklistItem[] {
  return rows.map((r) => {
    const item: ChecklistItem = { checkListType: r.checklistType, code: r.code, description: r.description, pass: passes(r.code, facts) };
    if (!item.pass && facts.profile && isRefereeCode(r.code)) {
      const counts = refereeCounts(facts);
      item.referees = counts;
      item.note = refereeWaitingNote(counts, REQUIRED_REFEREES);
    }
    return item;
  });
}

/**
 * The category's requirement rows of one checklist type, each with its pass flag. Given the application it is
 * the checklist of, an upgrade's rules read the member as the upgrade found them (UpgradeScope).
 */
export async function buildChecklist(
  db: Db,
  facts: ChecklistFacts,
  category: string,
  type: string,
  application?: { kind: string; code: string; fromCategory: string | null },
): Promise<ChecklistItem[]> {
  const rows = await requirementRows(db, category, type);
  const upgrade = application?.kind === 'Upgrade' ? { code: application.code, fromCategory: application.fromCategory } : undefined;
  const rules =
    facts.profile &&
    (await loadRuleFacts(
      db,
      facts.profile.profileId,
      rows.map((r) => r.code),
      new Date(),
      upgrade,
    ));
  return checklistItems(rows, rules ? { ...facts, rules } : facts);
}

/** The caller's checklist; the category defaults to the caller's own. */
export async function checklistFor(ctx: AppContext, user: UserRow, category: string | undefined, type: string): Promise<ChecklistItem[]> {
  const [profile] = user.profileId ? await ctx.db.select().from(profiles).where(eq(profiles.profileId, user.profileId)) : [];
  const code = category || user.category || profile?.membershipType || '';
  return buildChecklist(ctx.db, await loadChecklistFacts(ctx, profile ?? null), code, type);
}
