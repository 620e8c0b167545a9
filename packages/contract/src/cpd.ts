import * as z from 'zod';
import {
  ADMIN_CPD_ACTIVITIES_PAGE_SIZE,
  CPD_ACTIVITY_STATUSES,
  CPD_ACTIVITY_TYPES,
  CPD_COMPLIANCE_STATUSES,
  cpdMessages,
} from './cpd-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export * from './cpd-values';

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
