import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

/** Characters allowed in one answer of the referee form (part 1 §9: 'Max 250 characters'). */
export const REFEREE_ANSWER_MAX = 250;
/** Characters of the confirmation statement shown before 'Read more' (part 1 §9). */
export const REFEREE_PREVIEW_CHARS = 300;
/** How long a referee link works. */
export const REFEREE_LINK_DAYS = 30;
/** Automatic reminders sent for one referee entry before the board stops asking. */
export const REFEREE_MAX_REMINDERS = 3;

export const REFEREE_RESPONSES = ['Accept', 'Reject'] as const;
export type RefereeResponse = (typeof REFEREE_RESPONSES)[number];
/** The one-click link's `action` (base64-encoded in the link). */
export const REFEREE_ACTIONS = ['accept', 'reject'] as const;
export type RefereeAction = (typeof REFEREE_ACTIONS)[number];

/** Referee-flow wording: the spec's where it gives one (part 1 §2, §5, §8), ours otherwise (docs/decisions/018). */
export const refereeMessages = {
  confirmed: 'Referee Confirmed Successfully',
  rejected: 'Referee Rejected Successfully',
  emailSent: 'Email Sent',
  answerRequired: 'field is required',
  answerHint: 'Max 250 characters',
  answerTooLong: 'Max 250 characters',
  rejectionRemarks: 'Rejection Remarks',
  remarksRequired: 'Rejection Remarks are required',
  linkInvalid: 'This referee link is not valid. Please use the link in the latest email you received.',
  linkExpired: 'This referee link has expired. Please ask the applicant to send you a new one.',
  linkSuperseded: 'This referee link has been replaced by a newer one. Please use the link in the latest email you received.',
  alreadyAnswered: 'You have already responded to this referee request. Thank you.',
  refereeAnswered: 'This referee has already responded',
  notAnswered: 'The referee has not responded yet',
  questionUnknown: 'This question is not part of the referee form',
  /** Sent as the remarks by the one-click reject link, which has no remark field. */
  oneClickRejectRemarks: 'Declined using the one-click link in the request email',
  recording: 'Recording your response…',
  /** Naming (or resending to) a member with no email address on record: the request could only go elsewhere. */
  noEmailOnRecord:
    'This member has no email address on record, so the referee request cannot be sent. Please name another member, or ask them to update their contact details with the Board.',
  /** Beside the referee form's Email field: the typed address is kept but does not decide where the request goes. */
  sentToRecordHint:
    'The request is sent to the email address and phone number the member has on record with the Board, whatever is typed here.',
} as const;

/**
 * Where the current request of a referee entry went, masked (`a***@example.com`, `2547******78`), beside the entry's
 * fields in `GET profile/referee`: the referee's email and phone on record, not the typed ones (docs/decisions/028).
 * Empty strings when the entry has no current request (or no SMS was sent).
 */
export interface RefereeDelivery {
  sentToEmail: string;
  sentToPhone: string;
}

/** Shown to referees when the board has not set `referee_disclaimer_caption`. */
export const DEFAULT_REFEREE_CONFIRMATION =
  'By answering this form I confirm that I know the applicant named above, that the information I give is true and ' +
  'complete to the best of my knowledge, and that I have no personal or financial interest that would prevent me from ' +
  'giving an honest opinion. I understand that the Board relies on my answers when deciding whether to register the ' +
  'applicant, that giving false or misleading information as a referee is a disciplinary matter, and that my answers ' +
  "are kept with the applicant's file and may be shared with the applicant and the Board's committees.";

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

/** The report's download name, after the entry number in its route. */
export const refereeReportFileName = (entryNo: number | string) => `RefereeFormReport-${entryNo}.pdf`;
