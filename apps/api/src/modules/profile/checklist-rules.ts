import { type Db, schema } from '@portal/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import { currentMembership, licenceCharge } from '../../shared/membership';
import { isInGoodStanding } from '../billing';
import { cpdMetInYears } from '../cpd';

const { membershipChanges } = schema;

/**
 * Checklist rules read from membership, ledger and CPD rather than the profile (decisions.md §8, decision 032).
 * A trailing number is the rule's parameter, so an administrator configures them as requirement rows:
 * GOOD_STANDING, LICENSABLE, CPD_LAST_YEAR, CPD_YEARS_<n>, YEARS_IN_CATEGORY_<n>.
 */
const RULE = /^(GOOD_STANDING|LICENSABLE|CPD_LAST_YEAR|CPD_YEARS_(\d{1,2})|YEARS_IN_CATEGORY_(\d{1,2}))$/;

export const isRuleCode = (code: string) => RULE.test(code);

/**
 * An upgrade's own checklist (the review page, the upgrade report) reads the member as the upgrade found them:
 * the category change its release made (and any later one) is left out of the years in the category, and the CPD
 * requirement is the one of the category upgraded from. Otherwise an approved upgrade's report would show its
 * years in the category as not complete, counted from the upgrade itself.
 */
export interface UpgradeScope {
  code: string;
  fromCategory: string | null;
}

export interface RuleFacts {
  goodStanding: boolean;
  licensable: boolean;
  /** Whole years since the member entered the current category. */
  yearsInCategory: number;
  /** Whether the CPD requirement was met in each past year asked about (no requirement counts as met). */
  cpdMet: Map<number, boolean>;
  thisYear: number;
}

/** Whether a rule passes; undefined when the code is not a rule. */
export function rulePasses(code: string, facts: RuleFacts | undefined): boolean | undefined {
  const match = RULE.exec(code);
  if (!match) return undefined;
  if (!facts) return false;
  const lastYears = (n: number) => Array.from({ length: n }, (_, i) => facts.cpdMet.get(facts.thisYear - 1 - i) === true).every(Boolean);
  if (match[2]) return lastYears(Number(match[2]));
  if (match[3]) return facts.yearsInCategory >= Number(match[3]);
  switch (code) {
    case 'GOOD_STANDING':
      return facts.goodStanding;
    case 'LICENSABLE':
      return facts.licensable;
    default:
      return lastYears(1);
  }
}

/** How many past years of CPD the codes ask about. */
function cpdYearsAsked(codes: string[]): number {
  let years = 0;
  for (const code of codes) {
    const match = RULE.exec(code);
    if (code === 'CPD_LAST_YEAR') years = Math.max(years, 1);
    else if (match?.[2]) years = Math.max(years, Number(match[2]));
  }
  return years;
}

function wholeYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/** The facts the rule codes among `codes` need, or undefined when there are none. */
export async function loadRuleFacts(
  db: Db,
  profileId: string,
  codes: string[],
  at = new Date(),
  upgrade?: UpgradeScope,
): Promise<RuleFacts | undefined> {
  if (!codes.some(isRuleCode)) return undefined;
  const today = nairobiDate(at);
  const thisYear = Number(today.slice(0, 4));
  const membership = await currentMembership(db, profileId);
  const active = membership?.status === 'Active';
  const years = Array.from({ length: cpdYearsAsked(codes) }, (_, i) => thisYear - 1 - i);
  const [charge, [change], goodStanding, met] = await Promise.all([
    membership ? licenceCharge(db, membership.categoryCode) : Promise.resolve(null),
    db
      .select({ changedOn: membershipChanges.changedOn })
      .from(membershipChanges)
      .where(
        and(
          eq(membershipChanges.profileId, profileId),
          upgrade
            ? sql`${membershipChanges.id} < coalesce((select c.id from membership_changes c where c.application_code = ${upgrade.code}), 2147483647)`
            : undefined,
        ),
      )
      .orderBy(desc(membershipChanges.id))
      .limit(1),
    isInGoodStanding(db, profileId, today),
    cpdMetInYears(db, profileId, years, upgrade?.fromCategory ?? membership?.categoryCode ?? null),
  ]);
  const since = change?.changedOn ?? membership?.registrationDate ?? null;
  // A category with no CPD requirement counts as met for an Active member.
  const cpdMet = new Map(years.map((y) => [y, met.get(y) ?? active]));
  return {
    goodStanding,
    licensable: active && charge !== null,
    yearsInCategory: since && active ? wholeYearsBetween(since, today) : 0,
    cpdMet,
    thisYear,
  };
}
