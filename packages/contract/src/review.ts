import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { APPLICATION_STATUSES, membershipCommentSchema } from './members';
import { messages } from './messages';
import { checklistItemSchema } from './profile';
import { MAX_COMMENT, REVIEW_FILTERS, reviewMessages } from './review-values';
import { APPLICATION_KINDS } from './upgrades';

export * from './review-values';

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
