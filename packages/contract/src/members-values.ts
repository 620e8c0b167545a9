/** Application statuses, their labels and the submission flow's wording, without schemas: the pages can use them without zod. */

export const APPLICATION_STATUSES = ['New', 'Open', 'Verified', 'Committee Review', 'Board Review', 'Released', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How the member sees a status (part 1 §4): Released reads as accepted, reviewer states as In Review. */
export function applicationStatusLabel(status: string): string {
  if (status === 'Released') return 'Accepted';
  if (status === 'Verified' || status === 'Committee Review' || status === 'Board Review') return 'In Review';
  return status;
}

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
