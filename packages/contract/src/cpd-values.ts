/** The plain values of cpd.ts (constants, messages, small functions): importable without zod (decision 054). */

export const cpdMessages = {
  pointsInvalid: 'Enter points between 0 and 1000',
  structuredAboveAnnual: 'The structured points cannot be more than the annual points',
  requirementsSaved: 'CPD requirements saved',
  notYourAwards: 'You may only read your own CPD awards',
  activityTypeRequired: 'Activity type is required',
  descriptionRequired: 'Description is required',
  providerRequired: 'Provider is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'The end date cannot be before the start date',
  inTheFuture: 'An activity can be recorded once it has taken place',
  hoursInvalid: 'Enter the hours, more than 0 and at most 200',
  evidenceRequired: 'Evidence is required (a PDF)',
  evidenceInvalid: 'Evidence must be a PDF of at most 10MB',
  activityNotFound: 'Activity not found',
  activityDecided: 'This activity has been decided and can no longer be changed',
  activitySaved: 'Activity recorded. It counts once an approver accepts it.',
  activityUpdated: 'Activity updated',
  activityDeleted: 'Activity deleted',
  reasonRequired: 'Give the reason for rejecting',
  accepted: 'Activity accepted',
  rejected: 'Activity rejected',
  yearInvalid: 'Choose a year',
  statementNotMet: (year: string) => `The CPD requirement for ${year} has not been met yet`,
  noRequirement: 'Your membership category has no CPD requirement',
  membershipRequired: 'CPD is available to registered members',
  certificateNotFound: 'Certificate not found',
  categoryUnknown: 'Unknown membership category',
  dateTooEarly: 'Enter a date from 1950 on',
  ownActivity: 'Your own CPD activity is decided by another approver',
} as const;

/** Activities outside the portal's events that a member records. */
export const CPD_ACTIVITY_TYPES = ['COURSE', 'CONFERENCE', 'SEMINAR', 'WORKSHOP', 'PAPER', 'MENTORING', 'OTHER'] as const;
export type CpdActivityType = (typeof CPD_ACTIVITY_TYPES)[number];
export const CPD_ACTIVITY_TYPE_LABELS: Record<CpdActivityType, string> = {
  COURSE: 'Course or training',
  CONFERENCE: 'Conference',
  SEMINAR: 'Seminar',
  WORKSHOP: 'Workshop',
  PAPER: 'Paper or publication',
  MENTORING: 'Mentoring',
  OTHER: 'Other',
};
/** Structured activities by default (an approver can decide otherwise when accepting). */
export const STRUCTURED_ACTIVITY_TYPES: readonly CpdActivityType[] = ['COURSE', 'CONFERENCE', 'SEMINAR', 'WORKSHOP'];

export const CPD_ACTIVITY_STATUSES = ['Pending', 'Accepted', 'Rejected'] as const;
export type CpdActivityStatus = (typeof CPD_ACTIVITY_STATUSES)[number];

export const ADMIN_CPD_ACTIVITIES_PAGE_SIZE = 25;

/** Compliance of a member for a year: on target, below target, or with nothing at all. */
export const CPD_COMPLIANCE_STATUSES = ['on_target', 'below', 'nothing'] as const;
export type CpdComplianceStatus = (typeof CPD_COMPLIANCE_STATUSES)[number];
export const CPD_COMPLIANCE_LABELS: Record<CpdComplianceStatus, string> = {
  on_target: 'On target',
  below: 'Below target',
  nothing: 'Nothing recorded',
};
