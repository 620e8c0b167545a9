/** The plain values of review.ts (constants, messages, small functions): importable without zod (decision 054). */
import type { ApplicationStatus } from './members';
import type { ReviewProfile } from './review';

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

export const MAX_COMMENT = 2000;

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
