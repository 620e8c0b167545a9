import * as z from 'zod';
import { otpCode } from './auth';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export const APPLICATION_STATUSES = ['New', 'Open', 'Verified', 'Committee Review', 'Board Review', 'Released', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How the member sees a status (part 1 §4): Released reads as accepted, reviewer states as In Review. */
export function applicationStatusLabel(status: string): string {
  if (status === 'Released') return 'Accepted';
  if (status === 'Verified' || status === 'Committee Review' || status === 'Board Review') return 'In Review';
  return status;
}

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

/**
 * Whether an application has been submitted at least once, so its application document (the File action) exists:
 * a submission time, the submitted flag (records imported or seeded as decided carry no time), or any status a
 * reviewer sets. The File button and the document route both ask this (issue 16).
 */
export function hasBeenSubmitted(a: { submitted: boolean; submittedAt: unknown; status: string }): boolean {
  return a.submitted || (a.submittedAt !== null && a.submittedAt !== undefined) || a.status !== 'New';
}

/** Wording of the submission flow (part 1 §2 Applications, §4 Submit flow); server refusals share it. */
export const applicationMessages = {
  completeProfile: 'Complete your profile',
  submitTooltip: 'Submit your application',
  confirmNameTooltip: 'Please Confirm if your profile name is correct',
  completeChecklistTooltip: 'Click to complete you profile',
  incompleteProfile: 'Incomplete profile',
  confirmTitle: 'Submit application',
  confirmText: 'I confirm that I have read and agree to the terms and conditions, and that the information in my profile is true.',
  checklistIncomplete: 'Complete your profile: every checklist item must pass before you submit',
  nameNotConfirmed: 'Please Confirm if your profile name is correct before you submit',
  alreadySubmitted: 'This application has already been submitted',
  notSubmittable: 'This application cannot be submitted',
  applicationNotFound: 'Application not found',
  noPhone: 'Add a mobile number to your account to receive the OTP',
  otpSent: 'An OTP has been sent to your phone',
  submitted: 'Application submitted successfully',
} as const;

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
