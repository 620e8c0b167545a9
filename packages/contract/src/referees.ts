import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import { REFEREE_ANSWER_MAX, REFEREE_RESPONSES, refereeMessages } from './referees-values';

export * from './referees-values';

export const refereeQuestionSchema = z.object({
  questionNo: z.number(),
  question: z.string(),
  answer: z.string(),
});
export type RefereeQuestion = z.infer<typeof refereeQuestionSchema>;

/** GET questions?memberNo=&code=: the referee question form (part 1 §3). */
export const refereeFormSchema = z.object({
  referee: z.string(),
  /** The referee's member number. */
  memberNo: z.string(),
  applicant: z.string(),
  ConfirmationStatement: z.string(),
  Questions: z.array(refereeQuestionSchema),
  /** Blank until answered. */
  response: z.string(),
  Remarks: z.string(),
  expiresAt: z.string(),
});
export type RefereeForm = z.infer<typeof refereeFormSchema>;

export const refereeFormQuery = z.object({
  /** base64 of the referee's member number (the link's `user`). */
  memberNo: z.string().trim().min(1, refereeMessages.linkInvalid).max(200, refereeMessages.linkInvalid),
  /** base64 of the link's token. */
  code: z.string().trim().min(1, refereeMessages.linkInvalid).max(200, refereeMessages.linkInvalid),
});

/** POST questions/update: accept or reject, with the answers (optional for the one-click links) and the remarks. */
export const refereeAnswerRequest = z
  .object({
    memberNo: z.string().trim().max(200, refereeMessages.linkInvalid).optional(),
    user: z.string().trim().max(200, refereeMessages.linkInvalid).optional(),
    code: z.string({ error: refereeMessages.linkInvalid }).trim().min(1, refereeMessages.linkInvalid).max(200, refereeMessages.linkInvalid),
    response: z.enum(REFEREE_RESPONSES, { error: 'Response must be Accept or Reject' }),
    Remarks: z.string().trim().max(2000, messages.valueTooLong).optional(),
    Questions: z
      .array(
        z.object({
          questionNo: z.coerce.number().int(),
          question: z.string().max(L.description, messages.valueTooLong).optional(),
          answer: z.string().trim().max(REFEREE_ANSWER_MAX, refereeMessages.answerTooLong).optional(),
          /** The spec's other name for the answer. */
          refereeResponse: z.string().trim().max(REFEREE_ANSWER_MAX, refereeMessages.answerTooLong).optional(),
        }),
      )
      .max(50)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.memberNo && !v.user) ctx.addIssue({ code: 'custom', path: ['memberNo'], message: refereeMessages.linkInvalid });
    if (v.response === 'Reject' && !v.Remarks)
      ctx.addIssue({ code: 'custom', path: ['Remarks'], message: refereeMessages.remarksRequired });
  });
export type RefereeAnswerRequest = z.input<typeof refereeAnswerRequest>;

/** One answer of the browser's form: required there ('field is required'), at most 250 characters. */
export const refereeAnswerField = z
  .string()
  .trim()
  .min(1, refereeMessages.answerRequired)
  .max(REFEREE_ANSWER_MAX, refereeMessages.answerTooLong);

/** The browser's multi-step form: one answer per question; Next checks the current one. */
export const refereeStepsSchema = z.object({ answers: z.array(refereeAnswerField) });

/** The reject dialog. */
export const refereeRejectSchema = z.object({
  Remarks: z.string().trim().min(1, refereeMessages.remarksRequired).max(2000, messages.valueTooLong),
});

export const refereeAnswerResult = z.object({
  message: z.string(),
  response: z.enum(REFEREE_RESPONSES),
  applicant: z.string(),
});
export type RefereeAnswerResult = z.infer<typeof refereeAnswerResult>;

/** POST profile/referee/send_email. */
export const refereeSendEmailRequest = z.object({
  EntryNo: z.coerce.number({ error: 'EntryNo is required' }).int('EntryNo is required').min(1, 'EntryNo is required'),
});

/** GET questions/refereeForm/{entryNo}: the answered form as a PDF, base64 (as every document route answers). */
export const refereeReportSchema = z.string();
