import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

/**
 * CPD (part 2 §2.1, §3 'CPD award', §7 `cpd_awards/awards`; issue 12; decisions.md §8). Points come from attended
 * portal events (awarded when the event closes) and from outside activities an approver accepts. Each membership
 * category has an annual requirement (points, of which a share from structured activities).
 */

/** The spec's CPD award (part 2 §3) with what the dashboard also needs. */
export const cpdAwardSchema = z.object({
  id: z.number(),
  memberNo: z.string().nullable(),
  description: z.string(),
  provider: z.string(),
  location: z.string(),
  eventDate: z.string(),
  endDate: z.string(),
  pointAwarded: z.number(),
  /** The portal event's number, or null for an outside activity. */
  eventCode: z.string().nullable(),
  /** The CPD certificate's document number (events), or null. */
  certificateNo: z.string().nullable(),
  /** The year, as text (the spec compares it to the chosen year as a string). */
  period: z.string(),
  source: z.enum(['event', 'activity']),
  structured: z.boolean(),
});
export type CpdAward = z.infer<typeof cpdAwardSchema>;

/** `GET cpd_awards/awards?memberNo=`: the caller's own member number (or none); staff may name anyone's. */
export const cpdAwardsQuery = z.object({ memberNo: z.string().trim().max(L.code, messages.valueTooLong).optional() });

/** The annual requirement of a category; null points means the category has none. */
export const cpdRequirementSchema = z.object({
  categoryCode: z.string(),
  description: z.string(),
  annualPoints: z.number(),
  structuredPoints: z.number(),
});
export type CpdRequirement = z.infer<typeof cpdRequirementSchema>;

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

const pointsValue = z.number({ error: cpdMessages.pointsInvalid }).min(0, cpdMessages.pointsInvalid).max(1000, cpdMessages.pointsInvalid);

/** `POST admin/cpd/requirements`: the main administrator's requirement per category. */
export const cpdRequirementsInput = z.object({
  requirements: z
    .array(
      z
        .object({
          categoryCode: z.string().min(1).max(L.code, messages.valueTooLong),
          annualPoints: pointsValue,
          structuredPoints: pointsValue,
        })
        .refine((row) => row.structuredPoints <= row.annualPoints, {
          path: ['structuredPoints'],
          message: cpdMessages.structuredAboveAnnual,
        }),
    )
    .max(100),
});

/** Where the year comes from: a four-digit year from the `cpd_start_year` setting to this year. */
export const cpdYearQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, cpdMessages.yearInvalid)
    .max(L.short, messages.valueTooLong)
    .optional(),
});
export const cpdYearParam = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, cpdMessages.yearInvalid)
    .max(L.short, messages.valueTooLong),
});

/** `GET cpd/summary?year=`: the dashboard's figures for one year. */
export const cpdSummarySchema = z.object({
  year: z.string(),
  /** From the `cpd_start_year` setting to this year, newest first. */
  years: z.array(z.string()),
  memberNo: z.string().nullable(),
  categoryCode: z.string().nullable(),
  points: z.number(),
  structuredPoints: z.number(),
  /** Null when the category has no requirement. */
  requirement: z.object({ annualPoints: z.number(), structuredPoints: z.number() }).nullable(),
  /** Points still needed (overall, and structured), 0 when met. */
  remaining: z.number(),
  structuredRemaining: z.number(),
  met: z.boolean(),
  /** Outside activities still waiting for an approver (their hours). */
  pendingHours: z.number(),
});
export type CpdSummary = z.infer<typeof cpdSummarySchema>;

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

/** The activity form (form data with an `evidence` PDF; numbers arrive as text). */
export const cpdActivityInput = z
  .object({
    activityType: z.enum(CPD_ACTIVITY_TYPES, { error: cpdMessages.activityTypeRequired }),
    description: z
      .string({ error: cpdMessages.descriptionRequired })
      .trim()
      .min(1, cpdMessages.descriptionRequired)
      .max(L.text, messages.valueTooLong),
    provider: z
      .string({ error: cpdMessages.providerRequired })
      .trim()
      .min(1, cpdMessages.providerRequired)
      .max(L.text, messages.valueTooLong),
    location: z.string().trim().max(L.text, messages.valueTooLong).default(''),
    startDate: z.iso.date({ error: cpdMessages.startDateRequired }).max(L.short, messages.valueTooLong),
    endDate: z.iso.date({ error: cpdMessages.endDateRequired }).max(L.short, messages.valueTooLong),
    hours: z.coerce.number({ error: cpdMessages.hoursInvalid }).gt(0, cpdMessages.hoursInvalid).max(200, cpdMessages.hoursInvalid),
  })
  .refine((value) => value.endDate >= value.startDate, { path: ['endDate'], message: cpdMessages.endBeforeStart });
export type CpdActivityInput = z.input<typeof cpdActivityInput>;

export const cpdActivityIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const cpdActivitySchema = z.object({
  id: z.number(),
  memberNo: z.string().nullable(),
  name: z.string(),
  activityType: z.enum(CPD_ACTIVITY_TYPES),
  description: z.string(),
  provider: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hours: z.number(),
  status: z.enum(CPD_ACTIVITY_STATUSES),
  pointsAwarded: z.number().nullable(),
  structured: z.boolean().nullable(),
  reason: z.string().nullable(),
  /** `GET cpd/activities/{id}/evidence` (the PDF), or null. */
  evidenceUrl: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CpdActivity = z.infer<typeof cpdActivitySchema>;

export const ADMIN_CPD_ACTIVITIES_PAGE_SIZE = 25;

/** `GET admin/cpd/activities`: a page of the back office's queue of outside activities, with a search and a filter. */
export const cpdActivitiesQuery = z.object({
  status: z.enum(CPD_ACTIVITY_STATUSES).optional(),
  /** Every word in the member's names and number, or the activity's description or provider. */
  search: z
    .string()
    .trim()
    .max(L.text, messages.valueTooLong)
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_CPD_ACTIVITIES_PAGE_SIZE),
});
export type CpdActivitiesQuery = z.input<typeof cpdActivitiesQuery>;

export const cpdActivitiesPage = z.object({
  activities: z.array(cpdActivitySchema),
  /** Activities matching the search and filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CpdActivitiesPage = z.infer<typeof cpdActivitiesPage>;

export const cpdAcceptRequest = z.object({ points: pointsValue, structured: z.boolean() });
export const cpdRejectRequest = z.object({
  reason: z
    .string({ error: cpdMessages.reasonRequired })
    .trim()
    .min(1, cpdMessages.reasonRequired)
    .max(L.description, messages.valueTooLong),
});

/** Compliance of a member for a year: on target, below target, or with nothing at all. */
export const CPD_COMPLIANCE_STATUSES = ['on_target', 'below', 'nothing'] as const;
export type CpdComplianceStatus = (typeof CPD_COMPLIANCE_STATUSES)[number];
export const CPD_COMPLIANCE_LABELS: Record<CpdComplianceStatus, string> = {
  on_target: 'On target',
  below: 'Below target',
  nothing: 'Nothing recorded',
};

export const cpdComplianceQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, cpdMessages.yearInvalid)
    .max(L.short, messages.valueTooLong),
  category: z.string().trim().max(L.code, messages.valueTooLong).optional(),
  status: z.enum(CPD_COMPLIANCE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const cpdComplianceSchema = z.object({
  year: z.string(),
  categories: z.array(
    z.object({
      categoryCode: z.string(),
      description: z.string(),
      annualPoints: z.number(),
      members: z.number(),
      onTarget: z.number(),
      below: z.number(),
      nothing: z.number(),
    }),
  ),
  members: z.array(
    z.object({
      memberNo: z.string(),
      name: z.string(),
      categoryCode: z.string(),
      points: z.number(),
      structuredPoints: z.number(),
      annualPoints: z.number(),
      status: z.enum(CPD_COMPLIANCE_STATUSES),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CpdCompliance = z.infer<typeof cpdComplianceSchema>;
