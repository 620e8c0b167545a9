import { z } from 'zod';

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
  membershipComments: z.array(membershipCommentSchema),
});
export type Application = z.infer<typeof applicationSchema>;

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
