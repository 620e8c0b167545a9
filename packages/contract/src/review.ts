import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { APPLICATION_STATUSES, type ApplicationStatus, membershipCommentSchema } from './members';
import { messages } from './messages';
import { checklistItemSchema } from './profile';
import { APPLICATION_KINDS } from './upgrades';

/**
 * The review back office (decisions.md §4): who moves an application where. Open → Verified →
 * Committee Review → Board Review → Released, or Rejected from any of those; Released and Rejected are final.
 * New (not yet submitted) moves only by the applicant's submission.
 */
export const REVIEW_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  New: [],
  Open: ['Verified', 'Rejected'],
  Verified: ['Committee Review', 'Rejected'],
  'Committee Review': ['Board Review', 'Rejected'],
  'Board Review': ['Released', 'Rejected'],
  Released: [],
  Rejected: [],
};

/** Statuses a submitted application waits in for a reviewer: the bell counts these. */
export const REVIEW_STATUSES = ['Open', 'Verified', 'Committee Review', 'Board Review'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const FINAL_STATUSES = ['Released', 'Rejected'] as const;

const isReviewStatus = (status: string): status is ReviewStatus => (REVIEW_STATUSES as readonly string[]).includes(status);

/** Where a reviewer may move an application now: nothing unless it is submitted. */
export function allowedTransitions(application: { status: string; Submitted: boolean }): ApplicationStatus[] {
  if (!application.Submitted) return [];
  return [...(REVIEW_TRANSITIONS[application.status as ApplicationStatus] ?? [])];
}

/** A submitted application still under review can be handed back to the applicant. */
export function canReturn(application: { status: string; Submitted: boolean }): boolean {
  return application.Submitted && isReviewStatus(application.status);
}

/** The button that moves an application to a status. */
export const TRANSITION_ACTIONS: Record<string, string> = {
  Verified: 'Verify',
  'Committee Review': 'Send to Committee',
  'Board Review': 'Send to Board',
  Released: 'Release',
  Rejected: 'Reject',
};

/** Queue filters: a status (submitted applications in it), `action` (all needing a reviewer), `returned`, `New` (drafts), `all`. */
export const REVIEW_FILTERS = ['action', ...REVIEW_STATUSES, ...FINAL_STATUSES, 'returned', 'New', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  action: 'Needing action',
  Open: 'Open',
  Verified: 'Verified',
  'Committee Review': 'Committee Review',
  'Board Review': 'Board Review',
  Released: 'Released',
  Rejected: 'Rejected',
  returned: 'Returned to applicant',
  New: 'Not submitted',
  all: 'All',
};

export const reviewMessages = {
  notFound: 'Application not found',
  notSubmitted: 'This application has not been submitted, so it cannot be moved',
  transitionNotAllowed: (from: string, to: string) => `An application in ${from} cannot be moved to ${to}`,
  finalStatus: (status: string) => `This application is already ${status} and cannot be changed`,
  changedMeanwhile: 'This application was changed by someone else. Reload it and try again',
  notReturnable: 'Only a submitted application under review can be returned to the applicant',
  noProfile: 'The applicant has no profile, so no member number can be assigned',
  alreadyMember: (memberNo: string) => `The applicant is already registered as ${memberNo}`,
  commentRequired: 'Comment is required',
  rejectionCommentRequired: 'Give the reason for the rejection',
  commentTooLong: 'Comment must be at most 2000 characters',
  statusRequired: 'Status is required',
  unknownStatus: 'Unknown status',
  moved: (status: string) => `Application moved to ${status}`,
  released: (memberNo: string) => `Application released: member number ${memberNo} assigned`,
  returned: 'Application returned to the applicant',
  commented: 'Comment added',
  hideFromApplicant: 'Hide from applicant',
  upgradeReleased: (to: string) => `Upgrade approved: the member is now registered as ${to}`,
  licenceReleased: (licenseNo: string) => `Licence ${licenseNo} issued`,
  releaseUpgradeConfirm:
    'Approving changes the member’s category: the acceptance letter and a new membership certificate become available, and the new category’s subscription is billed from the next billing period.',
  releaseLicenceConfirm:
    'Approving issues the practising licence for the year applied for, valid to 31 December, with its verifiable certificate.',
  releaseConfirm:
    'Releasing accepts the application: a member number is assigned, the membership record is created and the acceptance letter and certificate become available to the applicant.',
  rejectConfirm: 'Rejecting is final: the rejection letter becomes available to the applicant.',
  returnHelp: 'The application goes back to the applicant, who can make changes and submit it again. Your comment is shown to them.',
} as const;

const MAX_COMMENT = 2000;

const optionalComment = z
  .string()
  .trim()
  .max(MAX_COMMENT, reviewMessages.commentTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));

const requiredComment = z
  .string({ error: reviewMessages.commentRequired })
  .trim()
  .min(1, reviewMessages.commentRequired)
  .max(MAX_COMMENT, reviewMessages.commentTooLong);

/** POST /api/admin/applications/{code}/status. A rejection needs its reason. */
export const statusChangeRequest = z
  .object({
    status: z.enum(APPLICATION_STATUSES, { error: reviewMessages.unknownStatus }),
    comment: optionalComment,
    hiddenFromApplicant: z.boolean().optional().default(false),
  })
  .superRefine((value, issue) => {
    if (value.status === 'Rejected' && !value.comment)
      issue.addIssue({ code: 'custom', path: ['comment'], message: reviewMessages.rejectionCommentRequired });
  });
export type StatusChangeRequest = z.input<typeof statusChangeRequest>;

/** POST /api/admin/applications/{code}/return: the comment is always shown to the applicant. */
export const returnRequest = z.object({ comment: requiredComment });
export type ReturnRequest = z.input<typeof returnRequest>;

/** POST /api/admin/applications/{code}/comments: a comment without moving the application. */
export const reviewCommentRequest = z.object({ comment: requiredComment, hiddenFromApplicant: z.boolean().optional().default(false) });
export type ReviewCommentRequest = z.input<typeof reviewCommentRequest>;

export const reviewQueueQuery = z.object({
  status: z.enum(REVIEW_FILTERS).optional().default('action'),
  /** Registration, Upgrade or Licence; all kinds when absent. */
  kind: z.enum(APPLICATION_KINDS).optional(),
  category: z.string().trim().max(L.code, messages.valueTooLong).optional(),
  search: z.string().trim().max(100, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuery>;

export const reviewQueueItemSchema = z.object({
  Code: z.string(),
  kind: z.enum(APPLICATION_KINDS),
  /** An upgrade's current category (null for other kinds). */
  FromCategory: z.string().nullable(),
  /** A licence application's practising year (null for other kinds). */
  LicenseYear: z.number().nullable(),
  ProfileID: z.string().nullable(),
  ApplicantName: z.string(),
  Email: z.string().nullable(),
  AppliedCategory: z.string(),
  CategoryDescription: z.string(),
  status: z.string(),
  Submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  ApplicationDateTime: z.string(),
  assignedMemberNo: z.string().nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** How many applications each queue filter holds (within the category and search asked for). */
export const reviewCountsSchema = z.record(z.string(), z.number());
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

export const reviewQueuePageSchema = z.object({
  items: z.array(reviewQueueItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: reviewCountsSchema,
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** GET /api/admin/applications/counts: the bell's number and the queue's counts over every category. */
export const reviewBellSchema = z.object({ needingAction: z.number(), counts: reviewCountsSchema });
export type ReviewBell = z.infer<typeof reviewBellSchema>;

export const reviewFileSchema = z.object({
  id: z.string(),
  purpose: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type ReviewFile = z.infer<typeof reviewFileSchema>;

export const reviewRefereeSchema = z.object({
  id: z.number(),
  entryNo: z.number(),
  refereeName: z.string(),
  refereeEmail: z.string(),
  refereeMemberNo: z.string().nullable(),
  response: z.string().nullable(),
  remarks: z.string().nullable(),
  answers: z.array(z.object({ questionNo: z.number(), question: z.string(), answer: z.string() })).nullable(),
  respondedAt: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  superseded: z.boolean(),
});
export type ReviewReferee = z.infer<typeof reviewRefereeSchema>;

export const reviewCommentSchema = membershipCommentSchema.extend({ id: z.number(), authorId: z.number().nullable() });
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const reviewEventSchema = z.object({
  id: z.number(),
  kind: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
  commentId: z.number().nullable(),
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

export const reviewSectionSchema = z.object({
  section: z.string(),
  noun: z.string(),
  entries: z.array(z.record(z.string(), z.unknown())),
});

/** The applicant's profile as a reviewer reads it: every bio column, private ones included. */
export const reviewProfileSchema = z.object({
  ProfileID: z.string(),
  Type: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  Gender: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  IdentificationDocumentNo: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNo: z.string().nullable(),
  MemberNo: z.string().nullable(),
  MemberShipType: z.string().nullable(),
  Discipline: z.string().nullable(),
  DisciplineDescription: z.string().nullable(),
  profileTitle: z.array(z.string()),
  Nationality: z.string().nullable(),
  county: z.string().nullable(),
  City: z.string().nullable(),
  Disability: z.boolean(),
  PWDCardNo: z.string().nullable(),
  DisabilityDescription: z.string().nullable(),
  memberPracticingFirm: z.string().nullable(),
  specialization: z.string().nullable(),
  confirmed: z.boolean(),
  /** A firm's details (address, PIN, VAT, …); null for individuals. */
  details: z.record(z.string(), z.unknown()).nullable(),
  pictureFileId: z.string().nullable(),
  idFileId: z.string().nullable(),
});
export type ReviewProfile = z.infer<typeof reviewProfileSchema>;

/** The reviewer's bio fields that hold a setup list's code; the page shows the list's description (`codeLabels`). */
export const REVIEW_PROFILE_CODED_FIELDS = {
  Nationality: 'countries',
  county: 'counties',
  // The form saves a city's name; the register import and older records hold its code.
  City: 'cities',
  Discipline: 'disciplines',
  specialization: 'specialization-types',
  memberPracticingFirm: 'firms',
} as const satisfies Partial<Record<keyof ReviewProfile, string>>;

export const reviewApplicationSchema = z.object({
  application: reviewQueueItemSchema.extend({
    Amount: z.number(),
    postedReceiptNo: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  applicant: z
    .object({
      id: z.number(),
      email: z.string(),
      phone_no: z.string().nullable(),
      id_number: z.string().nullable(),
      type: z.string(),
      category: z.string().nullable(),
      email_updates: z.number(),
    })
    .nullable(),
  profile: reviewProfileSchema.nullable(),
  sections: z.array(reviewSectionSchema),
  files: z.array(reviewFileSchema),
  checklist: z.array(checklistItemSchema),
  referees: z.array(reviewRefereeSchema),
  events: z.array(reviewEventSchema),
  comments: z.array(reviewCommentSchema),
  allowedTransitions: z.array(z.string()),
  canReturn: z.boolean(),
  /** Descriptions of the setup codes in the profile and its entries, keyed `list:code` (SECTION_CODED_FIELDS). */
  codeLabels: z.record(z.string(), z.string()),
  /** The checklist shown: Application, Upgrade or License requirements of the applied category. */
  checklistType: z.string(),
  /** A licence application's details tab and signed upload; the licence once issued. Null for other kinds. */
  licence: z
    .object({
      year: z.number(),
      type: z.string(),
      details: z.record(z.string(), z.unknown()),
      signedFileId: z.string().nullable(),
      licenseNo: z.string().nullable(),
      licenseStatus: z.string().nullable(),
      validTo: z.string().nullable(),
    })
    .nullable(),
});
export type ReviewApplication = z.infer<typeof reviewApplicationSchema>;

export const reviewActionResultSchema = z.object({
  message: z.string(),
  status: z.string(),
  Submitted: z.boolean(),
  assignedMemberNo: z.string().nullable(),
});
export type ReviewActionResult = z.infer<typeof reviewActionResultSchema>;
