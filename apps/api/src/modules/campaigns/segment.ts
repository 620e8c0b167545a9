import type { CampaignChannel, CampaignSegment } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { type SQL, sql } from 'drizzle-orm';
import { ensureArrearsCurrent } from '../billing/arrears-list';
import { today } from '../billing/ledger';

/**
 * The members a segment holds (issue 29): profiles with an Active membership for which every given filter holds.
 * Each filter reads the table kept for it (member_arrears, cpd_standings, licences, bookings) per member, so a
 * segment costs one pass over the Active memberships, never a sum over the ledger or the awards.
 */
function segmentConditions(segment: CampaignSegment, on: string): SQL[] {
  const where: SQL[] = [sql`m.status = 'Active'`];
  if (segment.categories?.length) where.push(sql`m.category_code = any(${toArray(segment.categories)}::text[])`);
  if (segment.memberType) where.push(sql`p.type = ${segment.memberType}`);
  if (segment.counties?.length) where.push(sql`p.county = any(${toArray(segment.counties)}::text[])`);
  if (segment.memberNos?.length) {
    where.push(sql`upper(m.member_no) = any(${toArray(segment.memberNos.map((n) => n.trim().toUpperCase()))}::text[])`);
  }
  if (segment.standing) {
    const arrears = sql`exists (select 1 from member_arrears a where a.profile_id = p.profile_id)`;
    where.push(segment.standing === 'arrears' ? arrears : sql`not ${arrears}`);
  }
  if (segment.licence) {
    const licensed = sql`exists (select 1 from licenses l where l.profile_id = p.profile_id and l.status = 'Active'
      and ${on}::date between l.valid_from and l.valid_to)`;
    where.push(segment.licence === 'licensed' ? licensed : sql`not ${licensed}`);
  }
  if (segment.cpdBelowTarget !== undefined) {
    const below = sql`(exists (select 1 from cpd_requirements r where r.category_code = m.category_code and r.annual_points > 0)
      and not exists (select 1 from cpd_standings s where s.profile_id = p.profile_id and s.period = ${on.slice(0, 4)}
        and s.status = 'on_target'))`;
    where.push(segment.cpdBelowTarget ? below : sql`not ${below}`);
  }
  if (segment.eventNo) {
    const attended =
      segment.attended === undefined ? sql`` : segment.attended ? sql` and b.attended_at is not null` : sql` and b.attended_at is null`;
    where.push(sql`exists (select 1 from event_bookings b where b.event_no = ${segment.eventNo.toUpperCase()}
      and b.profile_id = p.profile_id and b.status <> 'cancelled'${attended})`);
  }
  return where;
}

/** A text array parameter (both drivers take a JS array for `$1::text[]` written as a literal). */
function toArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The address on record for the channel: the account's, else the profile's. */
export function addressColumn(channel: CampaignChannel): SQL {
  return channel === 'email'
    ? sql`coalesce(nullif(u.email, ''), nullif(lower(p.email), ''))`
    : sql`coalesce(nullif(u.phone_no, ''), nullif(p.phone_no, ''))`;
}

/**
 * Whether the member opted out of campaigns on the channel: the account's "updates" preference, or for a member
 * without an account the newest consent change.
 */
export function optedOutColumn(channel: CampaignChannel): SQL {
  const preference = channel === 'email' ? sql`u.email_updates` : sql`u.sms_updates`;
  return sql`case when u.id is not null then ${preference} = 0 else coalesce((select not c.opted_in from consent_changes c
    where c.profile_id = p.profile_id and c.channel = ${channel} order by c.id desc limit 1), false) end`;
}

/** The segment's members with their address and whether they are skipped, as a FROM clause's subquery. */
export async function segmentMembers(db: Db, channel: CampaignChannel, segment: CampaignSegment): Promise<SQL> {
  const on = today();
  if (segment.standing) await ensureArrearsCurrent(db, on);
  return sql`(select distinct on (p.profile_id) p.profile_id, m.member_no, ${addressColumn(channel)} as address,
      ${optedOutColumn(channel)} as opted_out
    from memberships m join profiles p on p.profile_id = m.profile_id left join users u on u.profile_id = p.profile_id
    where ${sql.join(segmentConditions(segment, on), sql` and `)}
    order by p.profile_id, m.id desc)`;
}

export interface SegmentCounts {
  recipients: number;
  skipped: number;
  /** The first member who will receive it, by member number (the preview's sample). */
  sampleProfileId: string | null;
}

export async function countSegment(db: Db, channel: CampaignChannel, segment: CampaignSegment): Promise<SegmentCounts> {
  const members = await segmentMembers(db, channel, segment);
  // The sample by the smallest member number (an aggregate, not a sort of the whole segment), then its profile.
  const [row] = await queryRows<{ recipients: string; skipped: string; sample_no: string | null }>(
    db,
    sql`select count(*) filter (where address is not null and not opted_out) as recipients,
          count(*) filter (where address is null or opted_out) as skipped,
          min(member_no) filter (where address is not null and not opted_out) as sample_no
        from ${members} s`,
  );
  const [sample] = row?.sample_no
    ? await queryRows<{ profile_id: string }>(db, sql`select profile_id from memberships where member_no = ${row.sample_no}`)
    : [];
  return { recipients: Number(row?.recipients ?? 0), skipped: Number(row?.skipped ?? 0), sampleProfileId: sample?.profile_id ?? null };
}
