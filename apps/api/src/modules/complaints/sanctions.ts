import { COMPLAINT_OUTCOME_LABELS, type ComplaintOutcome, type PublicSanction, type RegisterSanctions } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import { cachedPerDb } from '../../shared/cached-per-db';

interface SanctionRecord extends PublicSanction {
  profileId: string;
  memberNo: string;
  /** A suspension or removal holding the membership now. */
  inForce: boolean;
}

/**
 * Every decision that is a sanction (not dismissed, not reversed), kept a minute per database and forgotten when a
 * decision, reversal or the hourly job changes one here: a board has hundreds, not millions, so the register adds
 * them to its answers from memory, never with a query per search (issue 27's budget).
 */
const records = cachedPerDb(async (db: Db) => {
  const rows = await queryRows<{
    respondent_profile_id: string;
    respondent_member_no: string;
    outcome: ComplaintOutcome;
    decision_from: string | null;
    decision_to: string | null;
    decided_at: Date | string;
    effect_state: string | null;
  }>(
    db,
    sql`select respondent_profile_id, respondent_member_no, outcome, decision_from::text, decision_to::text, decided_at, effect_state
        from complaints where outcome is not null and outcome <> 'dismissed' and reversed_at is null
        order by decided_at desc`,
  );
  const byProfile = new Map<string, SanctionRecord[]>();
  for (const r of rows) {
    const record: SanctionRecord = {
      profileId: r.respondent_profile_id,
      memberNo: r.respondent_member_no.toUpperCase(),
      outcome: r.outcome,
      label: COMPLAINT_OUTCOME_LABELS[r.outcome],
      from: r.decision_from,
      to: r.decision_to,
      decidedOn: new Date(r.decided_at).toISOString().slice(0, 10),
      inForce: r.effect_state === 'applied' && (r.outcome === 'suspension' || r.outcome === 'removal'),
    };
    byProfile.set(record.profileId, [...(byProfile.get(record.profileId) ?? []), record]);
  }
  return byProfile;
});

export function forgetSanctions(db: Db) {
  records.forget(db);
}

const shown = (r: SanctionRecord, setting: RegisterSanctions) => setting === 'all' || (setting === 'suspensions' && r.inForce);
const publicShape = ({ outcome, label, from, to, decidedOn }: SanctionRecord): PublicSanction => ({ outcome, label, from, to, decidedOn });

/** The sanctions the register shows for each profile, per the `register_sanctions` setting. */
export async function publicSanctions(db: Db, setting: RegisterSanctions): Promise<(profileId: string) => PublicSanction[]> {
  if (setting === 'none') return () => [];
  const byProfile = await records.get(db);
  return (profileId) => (byProfile.get(profileId) ?? []).filter((r) => shown(r, setting)).map(publicShape);
}

/**
 * The profile a member number names when a suspension or removal in force takes it off the list, and the setting
 * lets the register say so; else null.
 */
export async function sanctionedProfileByMemberNo(db: Db, setting: RegisterSanctions, memberNo: string): Promise<string | null> {
  if (setting === 'none') return null;
  const wanted = memberNo.toUpperCase();
  for (const list of (await records.get(db)).values()) {
    const hit = list.find((r) => r.memberNo === wanted && r.inForce);
    if (hit) return hit.profileId;
  }
  return null;
}

/** Whether a profile off the list is shown anyway, as sanctioned. */
export async function isShownSanctioned(db: Db, setting: RegisterSanctions, profileId: string): Promise<boolean> {
  if (setting === 'none') return false;
  return ((await records.get(db)).get(profileId) ?? []).some((r) => r.inForce);
}
