/** The plain values of referees.ts (constants, messages, small functions): importable without zod (decision 054). */

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

/** The report's download name, after the entry number in its route. */
export const refereeReportFileName = (entryNo: number | string) => `RefereeFormReport-${entryNo}.pdf`;
