import {
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_STAGE_LABELS,
  COMPLAINT_TRANSITIONS,
  type ComplaintDecision,
  type ComplaintDetail,
  type ComplaintEvent,
  type ComplaintListQuery,
  type ComplaintOutcome,
  type ComplaintPage,
  type ComplaintStage,
  type ComplaintTrack,
  complaintMessages,
  OPEN_COMPLAINT_STAGES,
  RESPONDENT_VISIBLE_STAGES,
  type RespondentComplaint,
} from '@portal/contract';
import { type Db, queryRows, schema } from '@portal/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS, nairobiDate } from '../../shared/dates';
import { notFound } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { containsPattern } from '../../shared/sql-search';
import { sameHash, sha256 } from '../../shared/tokens';
import { type ComplaintRow, loadComplaint, respondentOf } from './common';
import { decisionBlockedBy } from './decision-rules';
import { caseFiles } from './evidence';

const { complaints, complaintEvents, complaintNotes, users } = schema;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function decisionDto(c: ComplaintRow): ComplaintDecision | null {
  if (!c.outcome || !c.decidedAt) return null;
  return {
    outcome: c.outcome as ComplaintOutcome,
    label: COMPLAINT_OUTCOME_LABELS[c.outcome as ComplaintOutcome],
    from: c.decisionFrom,
    to: c.decisionTo,
    amount: c.fineCents === null ? null : c.fineCents / 100,
    invoiceNo: c.fineInvoiceNo,
    reason: c.decisionReason ?? '',
    decidedAt: c.decidedAt.toISOString(),
    reversedAt: iso(c.reversedAt),
    reversalReason: c.reversalReason,
  };
}

async function timeline(db: Db, complaintId: number) {
  return db
    .select()
    .from(complaintEvents)
    .where(eq(complaintEvents.complaintId, complaintId))
    .orderBy(asc(complaintEvents.at), asc(complaintEvents.id));
}

const publicEvents = (rows: Awaited<ReturnType<typeof timeline>>): ComplaintEvent[] =>
  rows.map((e) => ({ at: e.at.toISOString(), stage: e.stage as ComplaintStage, label: e.label }));

/** The deadline of the stage the case is at: the notice's answer, or the appeal window. */
export function dueOn(c: Pick<ComplaintRow, 'stage' | 'noticeDue' | 'appealUntil' | 'respondedAt'>): string | null {
  if (c.stage === 'notice' && !c.respondedAt) return c.noticeDue;
  if (c.stage === 'decided') return c.appealUntil;
  return null;
}

/**
 * GET /api/complaints/track/{reference}?token=…: the stage, timeline and outcome, never internal notes, staff's
 * names or the engineer's answer. 404 alike for an unknown reference and a wrong token.
 */
export async function trackComplaint(ctx: AppContext, reference: string, token: string | undefined): Promise<ComplaintTrack> {
  const c = await loadComplaint(ctx.db, reference).catch(() => null);
  if (!c || !token || !sameHash(sha256(token), c.trackTokenHash)) throw notFound(complaintMessages.notFound);
  const respondent = await respondentOf(ctx.db, c);
  return {
    reference: c.reference,
    stage: c.stage as ComplaintStage,
    stageLabel: COMPLAINT_STAGE_LABELS[c.stage as ComplaintStage],
    respondent: { memberNo: respondent.memberNo, name: respondent.name },
    filedAt: c.createdAt.toISOString(),
    events: publicEvents(await timeline(ctx.db, c.id)),
    dismissalReason: c.dismissalReason,
    hearingAt: iso(c.hearingAt),
    decision: decisionDto(c),
  };
}

/** Whether the engineer may still answer the notice: notice given, not answered, the case not yet at a hearing. */
export function canAnswer(c: ComplaintRow): boolean {
  return (c.stage === 'notice' || c.stage === 'investigation') && !c.respondedAt;
}

async function respondentView(db: Db, c: ComplaintRow): Promise<RespondentComplaint> {
  return {
    reference: c.reference,
    stage: c.stage as ComplaintStage,
    stageLabel: COMPLAINT_STAGE_LABELS[c.stage as ComplaintStage],
    complainantName: c.withholdIdentity ? null : c.complainantName,
    identityWithheld: c.withholdIdentity,
    description: c.description,
    incidentDate: c.incidentDate,
    incidentPlace: c.incidentPlace,
    filedAt: c.createdAt.toISOString(),
    noticeDue: c.noticeDue,
    canAnswer: canAnswer(c),
    response: c.response,
    respondedAt: iso(c.respondedAt),
    hearingAt: iso(c.hearingAt),
    decision: decisionDto(c),
    // With a withheld identity the complainant's evidence may name them: the engineer sees their own files only.
    files: await caseFiles(db, c.id, c.withholdIdentity ? ['respondent'] : ['complainant', 'respondent']),
    events: publicEvents(await timeline(db, c.id)),
  };
}

/** GET /api/complaints/mine: complaints against the caller's profile from the notice on, newest first. */
export async function myComplaints(ctx: AppContext, user: UserRow): Promise<RespondentComplaint[]> {
  if (!user.profileId) return [];
  const rows = await ctx.db
    .select()
    .from(complaints)
    .where(and(eq(complaints.respondentProfileId, user.profileId), inArray(complaints.stage, [...RESPONDENT_VISIBLE_STAGES])))
    .orderBy(sql`${complaints.createdAt} desc`)
    .limit(100);
  return Promise.all(rows.map((c) => respondentView(ctx.db, c)));
}

/** One complaint against the caller, from the notice on; 404 for anyone else's or one not yet noticed. */
export async function ownComplaint(
  ctx: AppContext,
  user: UserRow,
  reference: string,
  lock = false,
  db: Db = ctx.db,
): Promise<ComplaintRow> {
  const c = await loadComplaint(db, reference, lock);
  if (!user.profileId || c.respondentProfileId !== user.profileId || !RESPONDENT_VISIBLE_STAGES.includes(c.stage as ComplaintStage)) {
    throw notFound(complaintMessages.notFound);
  }
  return c;
}

interface SummaryRow {
  reference: string;
  stage: ComplaintStage;
  respondent_member_no: string;
  respondent_name: string;
  complainant_name: string;
  created_at: Date | string;
  assignee: string | null;
  notice_due: string | null;
  appeal_until: string | null;
  responded_at: Date | string | null;
  total: number;
}

/** GET /api/admin/complaints: the queue, newest first, 20 a page, every filter served by an index on (filter, created_at). */
export async function listComplaints(
  ctx: AppContext,
  query: ComplaintListQuery & { page: number; pageSize: number },
): Promise<ComplaintPage> {
  const today = nairobiDate(new Date());
  const where = [sql`true`];
  if (query.stage === 'open')
    where.push(
      sql`c.stage in (${sql.join(
        OPEN_COMPLAINT_STAGES.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  else if (query.stage) where.push(sql`c.stage = ${query.stage}`);
  if (query.respondent) where.push(sql`upper(c.respondent_member_no) = ${query.respondent.toUpperCase()}`);
  if (query.assignee) where.push(sql`c.assignee_id = ${query.assignee}`);
  if (query.olderThanDays !== undefined) where.push(sql`c.created_at <= now() - make_interval(days => ${query.olderThanDays})`);
  if (query.overdue) where.push(overdueWhere(today));
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(sql`(c.reference ilike ${like} or c.respondent_member_no ilike ${like} or c.complainant_name ilike ${like})`);
  }
  const offset = (query.page - 1) * query.pageSize;
  const rows = await queryRows<SummaryRow>(
    ctx.db,
    sql`select c.reference, c.stage, c.respondent_member_no, c.complainant_name, c.created_at, c.notice_due::text as notice_due,
          c.appeal_until::text as appeal_until, c.responded_at,
          concat_ws(' ', p.first_name, nullif(p.second_name, ''), p.last_name) as respondent_name,
          coalesce(u.name, u.email) as assignee, count(*) over () as total
        from complaints c join profiles p on p.profile_id = c.respondent_profile_id
        left join users u on u.id = c.assignee_id
        where ${sql.join(where, sql` and `)}
        order by c.created_at desc, c.id desc limit ${query.pageSize} offset ${offset}`,
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && query.page > 1) {
    const [count] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from complaints c where ${sql.join(where, sql` and `)}`,
    );
    total = Number(count.n);
  }
  return {
    items: rows.map((r) => {
      const due = dueOn({
        stage: r.stage,
        noticeDue: r.notice_due,
        appealUntil: r.appeal_until,
        respondedAt: r.responded_at ? new Date(r.responded_at) : null,
      });
      return {
        reference: r.reference,
        stage: r.stage,
        stageLabel: COMPLAINT_STAGE_LABELS[r.stage],
        respondent: { memberNo: r.respondent_member_no, name: r.respondent_name },
        complainantName: r.complainant_name,
        filedAt: new Date(r.created_at).toISOString(),
        assignee: r.assignee,
        dueOn: due,
        overdue: isOverdue(r.stage, due, new Date(r.created_at), today),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Overdue: the engineer's time to answer has passed and the case still waits at the notice, or a received case
 * has waited a fortnight for its preliminary review.
 */
export const OVERDUE_REVIEW_DAYS = 14;
const overdueWhere = (today: string) =>
  sql`((c.stage = 'notice' and c.responded_at is null and c.notice_due < ${today}) or (c.stage in ('received', 'preliminary_review') and c.created_at < now() - make_interval(days => ${OVERDUE_REVIEW_DAYS})))`;

function isOverdue(stage: ComplaintStage, due: string | null, filedAt: Date, today: string): boolean {
  if (stage === 'received' || stage === 'preliminary_review') return Date.now() - filedAt.getTime() > OVERDUE_REVIEW_DAYS * DAY_MS;
  return stage === 'notice' && due !== null && due < today;
}

/** GET /api/admin/complaints/{reference}: the whole case for staff. */
export async function complaintDetail(ctx: AppContext, reference: string): Promise<ComplaintDetail> {
  const c = await loadComplaint(ctx.db, reference);
  const today = nairobiDate(new Date());
  const [respondent, files, notes, events, assignee] = await Promise.all([
    respondentOf(ctx.db, c),
    caseFiles(ctx.db, c.id),
    ctx.db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, c.id)).orderBy(asc(complaintNotes.createdAt)),
    timeline(ctx.db, c.id),
    c.assigneeId
      ? ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, c.assigneeId))
      : Promise.resolve([]),
  ]);
  const due = dueOn(c);
  const stage = c.stage as ComplaintStage;
  return {
    reference: c.reference,
    stage,
    stageLabel: COMPLAINT_STAGE_LABELS[stage],
    respondent: { memberNo: respondent.memberNo, name: respondent.name },
    complainantName: c.complainantName,
    complainantEmail: c.complainantEmail,
    complainantPhone: c.complainantPhone,
    withholdIdentity: c.withholdIdentity,
    description: c.description,
    incidentDate: c.incidentDate,
    incidentPlace: c.incidentPlace,
    filedAt: c.createdAt.toISOString(),
    assigneeId: c.assigneeId,
    assignee: assignee[0] ? assignee[0].name || assignee[0].email : null,
    dueOn: due,
    overdue: isOverdue(stage, due, c.createdAt, today),
    dismissalReason: c.dismissalReason,
    noticeSentAt: iso(c.noticeSentAt),
    noticeDue: c.noticeDue,
    response: c.response,
    respondedAt: iso(c.respondedAt),
    hearingAt: iso(c.hearingAt),
    hearingPanel: c.hearingPanel,
    hearingMinutes: c.hearingMinutes,
    appealUntil: c.appealUntil,
    decision: decisionDto(c),
    nextStages: [...COMPLAINT_TRANSITIONS[stage]],
    decisionBlockedBy: decisionBlockedBy(c, today),
    files,
    notes: notes.map((n) => ({ id: n.id, author: n.authorName, body: n.body, at: n.createdAt.toISOString() })),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      stage: e.stage as ComplaintStage,
      label: e.label,
      actor: e.actorName,
      reason: e.reason,
    })),
  };
}
