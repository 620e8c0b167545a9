/**
 * Complaints and discipline (issue 30, decision 060): the stages a complaint passes, the outcomes of a decision and
 * the messages people see. Plain values, no zod: the public form and the back office read them without the schemas.
 */

export const COMPLAINT_STAGES = [
  'received',
  'preliminary_review',
  'notice',
  'investigation',
  'hearing',
  'decided',
  'appeal',
  'closed',
  'dismissed',
] as const;
export type ComplaintStage = (typeof COMPLAINT_STAGES)[number];

export const COMPLAINT_STAGE_LABELS: Record<ComplaintStage, string> = {
  received: 'Received',
  preliminary_review: 'Preliminary review',
  notice: 'Notice to the engineer',
  investigation: 'Investigation',
  hearing: 'Hearing',
  decided: 'Decided (appeal window open)',
  appeal: 'Appeal',
  closed: 'Closed',
  dismissed: 'Dismissed',
};

/**
 * Where `POST /api/admin/complaints/{reference}/stage` may take a case from each stage: one step at a time, none
 * skipped. A hearing ends in a decision (`POST …/decision`), which moves the case to `decided`; a decided case goes
 * to `appeal` when an appeal is lodged within the window, or to `closed` once the window has passed.
 */
export const COMPLAINT_TRANSITIONS: Record<ComplaintStage, readonly ComplaintStage[]> = {
  received: ['preliminary_review'],
  preliminary_review: ['notice', 'dismissed'],
  notice: ['investigation'],
  investigation: ['hearing'],
  hearing: [],
  decided: ['appeal', 'closed'],
  appeal: ['closed'],
  closed: [],
  dismissed: [],
};

/** Stages at which the case is still being worked (the queue's "open" filter, overdue deadlines). */
export const OPEN_COMPLAINT_STAGES: readonly ComplaintStage[] = [
  'received',
  'preliminary_review',
  'notice',
  'investigation',
  'hearing',
  'decided',
  'appeal',
];

/** Stages from which the engineer sees the case in the portal: once notice has been given. */
export const RESPONDENT_VISIBLE_STAGES: readonly ComplaintStage[] = ['notice', 'investigation', 'hearing', 'decided', 'appeal', 'closed'];

export const COMPLAINT_OUTCOMES = ['dismissed', 'caution', 'reprimand', 'fine', 'suspension', 'removal'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_OUTCOME_LABELS: Record<ComplaintOutcome, string> = {
  dismissed: 'Dismissed',
  caution: 'Caution',
  reprimand: 'Reprimand',
  fine: 'Fine',
  suspension: 'Suspension',
  removal: 'Removal from the register',
};

/** What the public register shows of sanctions (the `register_sanctions` setting). */
export const REGISTER_SANCTIONS = ['none', 'suspensions', 'all'] as const;
export type RegisterSanctions = (typeof REGISTER_SANCTIONS)[number];
export const REGISTER_SANCTION_LABELS: Record<RegisterSanctions, string> = {
  none: 'None',
  suspensions: 'Suspensions and removals',
  all: 'All sanctions',
};

/** Evidence: PDF or images, at most this many files with a complaint or an answer. */
export const COMPLAINT_MAX_FILES = 5;
export const COMPLAINT_FILE_PARTIES = ['complainant', 'respondent', 'staff'] as const;
export type ComplaintFileParty = (typeof COMPLAINT_FILE_PARTIES)[number];

export const complaintMessages = {
  respondentRequired: 'Choose the engineer or firm the complaint is about',
  respondentUnknown: 'No registered engineer or firm has that member number',
  nameRequired: 'Your name is required',
  descriptionRequired: 'Describe what happened',
  descriptionTooShort: 'Describe what happened in at least 20 characters',
  incidentDateRequired: 'Enter the date it happened',
  incidentDateFuture: 'The date cannot be in the future',
  evidenceType: 'Evidence must be PDF, PNG or JPEG files',
  tooManyFiles: `Attach at most ${COMPLAINT_MAX_FILES} files`,
  filed: (reference: string) => `Complaint ${reference} received. We have e-mailed you a link to follow it.`,
  notFound: 'Complaint not found',
  stageNotAllowed: (from: string, to: string) => `A complaint at ${from} cannot move to ${to}`,
  decisionThroughEndpoint: 'Record the decision with its outcome',
  reasonRequired: 'Give the reason',
  hearingDetailsRequired: 'Give the hearing date and the panel',
  appealWindowOpen: (until: string) => `The appeal window is open until ${until}`,
  appealWindowClosed: (until: string) => `The appeal window closed on ${until}`,
  decisionNotYet: 'A decision can be recorded only after the hearing',
  noticeRunning: (until: string) => `The engineer has until ${until} to answer the notice`,
  alreadyDecided: 'A decision has already been recorded',
  decisionFromRequired: 'Give the date the suspension starts',
  decisionToRequired: 'Give the date the suspension ends',
  decisionDates: 'The suspension must end after it starts',
  amountRequired: 'Give the amount of the fine',
  notReversible: 'Only a decision still open to appeal can be reversed',
  alreadyReversed: 'The decision has already been reversed',
  responseClosed: 'The notice is no longer open for an answer',
  alreadyAnswered: 'You have already answered this notice',
  statementRequired: 'Write your statement',
  noteRequired: 'Write the note',
  documentsRequired: 'Choose the documents to add',
  documentsAdded: 'Documents added',
  assigneeNotStaff: 'Assign the case to an administrator or approver',
  stageChanged: 'Stage changed',
  decided: 'Decision recorded',
  reversed: 'Decision reversed',
  noteAdded: 'Note added',
  answered: 'Your answer has been sent to the board',
  assigned: 'Case assigned',
  hearingSaved: 'Hearing saved',
};
