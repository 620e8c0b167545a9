import {
  DEFAULT_REFEREE_CONFIRMATION,
  type RefereeAnswerResult,
  type RefereeForm,
  type RefereeQuestion,
  type refereeAnswerRequest,
  refereeMessages,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors';
import { loadMinorSettings } from '../../shared/organisation';
import { consumeLimit, type Limit } from '../../shared/rate-limit';
import { enqueue } from '../outbox/outbox';
import { applicantName, hashToken, type RequestRow, tokenOf } from './requests';

const { refereeRequests, lookupItems, profileEntries, users } = schema;

/** The public form calls, per client address: enough for a referee who reloads, far too few to guess a token. */
export const refereeFormLimit: Limit = { max: 60, windowSeconds: 15 * 60 };

const gone = (message: string) => new HttpError(410, message);

/** The request a link names: its token, and the member number it was sent to. 404 for anything else. */
export async function requestByLink(db: Db, user: string, code: string): Promise<RequestRow> {
  const token = tokenOf(code);
  if (!token) throw notFound(refereeMessages.linkInvalid);
  const [row] = await db
    .select()
    .from(refereeRequests)
    .where(eq(refereeRequests.tokenHash, hashToken(token)));
  const decoded = tokenOf(user);
  const names = [decoded, user].filter((v): v is string => Boolean(v)).map((v) => v.trim().toUpperCase());
  if (!row?.refereeMemberNo || !names.includes(row.refereeMemberNo.toUpperCase())) throw notFound(refereeMessages.linkInvalid);
  return row;
}

/** Refuses a request that cannot be answered any more, saying why. */
export function assertOpen(row: RequestRow, now = new Date()) {
  if (row.respondedAt) throw conflict(refereeMessages.alreadyAnswered);
  if (row.supersededAt) throw gone(refereeMessages.linkSuperseded);
  if (row.expiresAt <= now) throw gone(refereeMessages.linkExpired);
}

/** The referee form's questions, in order. */
export async function refereeQuestions(db: Db): Promise<RefereeQuestion[]> {
  const rows = await db
    .select({ code: lookupItems.code, description: lookupItems.description })
    .from(lookupItems)
    .where(eq(lookupItems.list, 'referee-questions'))
    .orderBy(asc(lookupItems.sequence), asc(lookupItems.code));
  return rows.map((r, i) => ({ questionNo: Number(r.code) || i + 1, question: r.description, answer: '' }));
}

export async function confirmationStatement(db: Db): Promise<string> {
  return (await loadMinorSettings(db)).referee_disclaimer_caption.trim() || DEFAULT_REFEREE_CONFIRMATION;
}

/** GET /api/questions?memberNo=&code=: the form of an open request. */
export async function loadRefereeForm(ctx: AppContext, ip: string, user: string, code: string): Promise<RefereeForm> {
  await consumeLimit(ctx.db, `referee-form:ip:${ip}`, refereeFormLimit);
  const row = await requestByLink(ctx.db, user, code);
  assertOpen(row);
  const [applicant, ConfirmationStatement, Questions] = await Promise.all([
    applicantName(ctx.db, row.profileId),
    confirmationStatement(ctx.db),
    refereeQuestions(ctx.db),
  ]);
  return {
    referee: row.refereeName,
    memberNo: row.refereeMemberNo ?? '',
    applicant,
    ConfirmationStatement,
    Questions,
    response: row.response ?? '',
    Remarks: row.remarks ?? '',
    expiresAt: row.expiresAt.toISOString(),
  };
}

type AnswerBody = z.output<typeof refereeAnswerRequest>;

/** Every question of the form with the referee's answer ('' when none was given, as by the one-click links). */
function answersOf(questions: RefereeQuestion[], body: AnswerBody): RefereeQuestion[] {
  const given = new Map<number, string>();
  for (const q of body.Questions ?? []) {
    if (!questions.some((known) => known.questionNo === q.questionNo)) {
      throw badRequest(refereeMessages.questionUnknown, { Questions: [refereeMessages.questionUnknown] });
    }
    given.set(q.questionNo, (q.answer ?? q.refereeResponse ?? '').trim());
  }
  return questions.map((q) => ({ ...q, answer: given.get(q.questionNo) ?? '' }));
}

/**
 * POST /api/questions/update: accepts or rejects, once. The request is answered by one conditional update
 * (unanswered, current and unexpired), so a second use of the link, or two at once, cannot both win. The
 * answer is copied onto the applicant's referee entry (`response`, `Remarks`) and the applicant is told.
 */
export async function answerRefereeForm(ctx: AppContext, ip: string, body: AnswerBody): Promise<RefereeAnswerResult> {
  await consumeLimit(ctx.db, `referee-form:ip:${ip}`, refereeFormLimit);
  const row = await requestByLink(ctx.db, body.memberNo || body.user || '', body.code);
  assertOpen(row);
  const answers = answersOf(await refereeQuestions(ctx.db), body);
  const remarks = body.Remarks?.trim() ?? '';
  const applicant = await applicantName(ctx.db, row.profileId);

  const answered = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(refereeRequests)
      .set({ response: body.response, remarks, answers, respondedAt: new Date() })
      .where(
        and(
          eq(refereeRequests.id, row.id),
          isNull(refereeRequests.respondedAt),
          isNull(refereeRequests.supersededAt),
          gt(refereeRequests.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!updated) return null;
    await tx
      .update(profileEntries)
      .set({
        data: sql`${profileEntries.data} || ${JSON.stringify({ response: body.response, Remarks: remarks })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(profileEntries.profileId, row.profileId),
          eq(profileEntries.section, 'referee'),
          eq(profileEntries.entryNo, row.entryNo),
          sql`upper(${profileEntries.data}->>'MemberNo') = upper(${row.refereeMemberNo})`,
        ),
      );
    const notify = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.profileId, row.profileId), eq(users.emailUpdates, 1)));
    const verb = body.response === 'Accept' ? 'accepted' : 'rejected';
    for (const { email } of notify) {
      await enqueue(tx, {
        channel: 'email',
        to: email,
        subject: `Your referee ${row.refereeName} has ${verb} your request`,
        body: [
          `Dear ${applicant},`,
          '',
          `${row.refereeName} has ${verb} your referee request.`,
          ...(remarks ? ['', `Remarks: ${remarks}`] : []),
          '',
          body.response === 'Accept'
            ? 'You can see the response under Referees on your profile.'
            : 'You can see the response under Referees on your profile, and name another referee there.',
        ].join('\n'),
      });
    }
    return updated;
  });
  if (!answered) {
    // Lost a race with another answer, a resend or an edit: say what happened.
    const [now] = await ctx.db.select().from(refereeRequests).where(eq(refereeRequests.id, row.id));
    assertOpen(now);
    throw gone(refereeMessages.linkExpired);
  }
  return {
    message: body.response === 'Accept' ? refereeMessages.confirmed : refereeMessages.rejected,
    response: body.response,
    applicant,
  };
}
