import * as z from 'zod';
import { otpCode } from './auth';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

/** The application statuses, their labels and the submission wording are in members-values.ts (no zod). */
export * from './members-values';

export const membershipCommentSchema = z.object({
  comment: z.string(),
  commentDate: z.string(),
  displayName: z.string(),
  hiddenFromApplicant: z.boolean(),
});
export type MembershipComment = z.infer<typeof membershipCommentSchema>;

export const applicationSchema = z.object({
  Code: z.string(),
  ProfileID: z.string().nullable(),
  AppliedCategory: z.string(),
  CategoryDescription: z.string(),
  Amount: z.number(),
  ApplicationDateTime: z.string(),
  status: z.string(),
  Submitted: z.boolean(),
  assignedMemberNo: z.string().nullable(),
  postedReceiptNo: z.string().nullable(),
  /** When the applicant last submitted it; null until the first submission. */
  submittedAt: z.string().nullable(),
  /** Set while a reviewer has handed it back (then Submitted is false and re-Submit shows). */
  returnedAt: z.string().nullable(),
  membershipComments: z.array(membershipCommentSchema),
});
export type Application = z.infer<typeof applicationSchema>;

/** `POST /api/application/submit/otp`: sends the SMS code for one application. */
const applicationCode = z.string().trim().min(1, messages.fieldRequired).max(L.code, messages.valueTooLong);
export const submitOtpRequest = z.object({ Code: applicationCode });
export const submitOtpResponse = z.object({ message: z.string(), maskedPhone: z.string() });

/** `POST /api/application/submit`: the application object (its Code is what counts) and the SMS code. */
export const submitApplicationRequest = z.object({
  Code: applicationCode,
  otp_code: otpCode,
});

export const memberInformationSchema = z.object({
  No: z.string(),
  Status: z.string(),
  Gender: z.string().nullable(),
  Category: z.string(),
  Registration_Date: z.string().nullable(),
});

export const profileSummarySchema = z.object({
  ProfileID: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  Gender: z.string().nullable(),
  DateOfBirth: z.string(),
  MemberNo: z.string().nullable(),
  MemberShipType: z.string().nullable(),
  CategoryDescription: z.string().nullable(),
  Discipline: z.string().nullable(),
  DisciplineDescription: z.string().nullable(),
  IdentificationDocumentNo: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNo: z.string().nullable(),
  picture: z.string().nullable(),
  confirmed: z.boolean(),
  ProfileComplete: z.boolean(),
  profileTitle: z.array(z.object({ title: z.string(), description: z.string() })),
  memberInformation: z.array(memberInformationSchema),
  workexp: z.array(z.object({ NameOfFirm: z.string(), PositionHeld: z.string(), Current: z.boolean() })),
  /** An Active membership and no overdue amount on the ledger (decisions.md §5): the drawer's good-standing links. */
  goodStanding: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const memberSearchResult = z.object({
  MemberNo: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  maskedEmail: z.string(),
  maskedPhone: z.string(),
  activated: z.boolean(),
});
export type MemberSearchResult = z.infer<typeof memberSearchResult>;
