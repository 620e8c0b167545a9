import { COMPLAINT_STAGE_LABELS, type ComplaintStage, complaintMessages } from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';

const { complaints, complaintEvents } = schema;

export type ComplaintRow = typeof complaints.$inferSelect;

/** References are `CMP-<year>-<n>`; anything else is not one of ours (404 before any query). */
export const REFERENCE = /^CMP-\d{4}-\d{1,9}$/;

export async function loadComplaint(db: Db, reference: string, lock = false): Promise<ComplaintRow> {
  const wanted = reference.trim().toUpperCase();
  if (!REFERENCE.test(wanted)) throw notFound(complaintMessages.notFound);
  const query = db.select().from(complaints).where(eq(complaints.reference, wanted));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(complaintMessages.notFound);
  return row;
}

/** The next reference of `year`, taken inside the caller's transaction (the counter row stays locked until it ends). */
export async function nextReference(tx: Db, year: number): Promise<string> {
  const [row] = await queryRows<{ value: number }>(
    tx,
    sql`insert into sequences (name, value) values (${`complaint:${year}`}, 1)
        on conflict (name) do update set value = sequences.value + 1 returning value`,
  );
  return `CMP-${year}-${Number(row.value)}`;
}

/** Who acted, as the timeline and the audit show them. */
export const actorName = (user: Pick<UserRow, 'name' | 'email'> | null) => (user ? user.name || user.email : null);

export async function recordEvent(
  tx: Db,
  complaintId: number,
  stage: ComplaintStage,
  actor: Pick<UserRow, 'id' | 'name' | 'email'> | null,
  options: { label?: string; reason?: string | null; at?: Date } = {},
) {
  await tx.insert(complaintEvents).values({
    complaintId,
    stage,
    label: options.label ?? COMPLAINT_STAGE_LABELS[stage],
    reason: options.reason ?? null,
    actorId: actor?.id ?? null,
    actorName: actorName(actor),
    at: options.at ?? new Date(),
  });
}

export interface Respondent {
  profileId: string;
  memberNo: string;
  name: string;
  /** The address on record: the account's e-mail, else the profile's. */
  email: string | null;
}

/** The engineer or firm a member number names, if they hold a membership that is Active or Suspended. */
export async function findRespondent(db: Db, memberNo: string): Promise<Respondent | null> {
  const [row] = await queryRows<{ profile_id: string; member_no: string; name: string; email: string | null }>(
    db,
    sql`select p.profile_id, m.member_no, concat_ws(' ', p.first_name, nullif(p.second_name, ''), p.last_name) as name,
          coalesce(u.email, p.email) as email
        from memberships m join profiles p on p.profile_id = m.profile_id
        left join users u on u.profile_id = p.profile_id
        where upper(m.member_no) = ${memberNo.trim().toUpperCase()} and m.status in ('Active', 'Suspended')
        order by u.id nulls last limit 1`,
  );
  return row ? { profileId: row.profile_id, memberNo: row.member_no, name: row.name, email: row.email } : null;
}

/** The respondent of a filed complaint (whatever their membership now). */
export async function respondentOf(db: Db, complaint: ComplaintRow): Promise<Respondent> {
  const [row] = await queryRows<{ name: string; email: string | null }>(
    db,
    sql`select concat_ws(' ', p.first_name, nullif(p.second_name, ''), p.last_name) as name, coalesce(u.email, p.email) as email
        from profiles p left join users u on u.profile_id = p.profile_id
        where p.profile_id = ${complaint.respondentProfileId} order by u.id nulls last limit 1`,
  );
  return {
    profileId: complaint.respondentProfileId,
    memberNo: complaint.respondentMemberNo,
    name: row?.name ?? complaint.respondentMemberNo,
    email: row?.email ?? null,
  };
}

/** Staff who may be told of a case: its assignee, or every administrator when nobody is assigned. */
export async function staffAddresses(db: Db, complaint: Pick<ComplaintRow, 'assigneeId'>): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    complaint.assigneeId
      ? sql`select email from users where id = ${complaint.assigneeId}`
      : sql`select email from users where is_admin order by id limit 20`,
  );
  return rows.map((r) => r.email);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
