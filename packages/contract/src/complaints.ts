import * as z from 'zod';
import { email, phoneRule } from './auth';
import { COMPLAINT_FILE_PARTIES, COMPLAINT_OUTCOMES, COMPLAINT_STAGES, complaintMessages } from './complaints-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export * from './complaints-values';

const flag = z
  .union([z.boolean(), z.string().max(L.flag, messages.valueTooLong)])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const isoDate = (required: string) => z.iso.date({ error: required }).max(L.short, messages.valueTooLong);
const longText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(L.description * 5, messages.valueTooLong);

/**
 * POST /api/complaints (public): JSON, or form data with the evidence files (`evidence`, repeated). The date may not
 * be in the future (checked by the server against Nairobi's day).
 */
export const complaintRequest = z.object({
  respondentMemberNo: z
    .string({ error: complaintMessages.respondentRequired })
    .trim()
    .min(1, complaintMessages.respondentRequired)
    .max(L.code, messages.valueTooLong),
  complainantName: z
    .string({ error: complaintMessages.nameRequired })
    .trim()
    .min(1, complaintMessages.nameRequired)
    .max(L.text, messages.valueTooLong),
  complainantEmail: email,
  complainantPhone: phoneRule(messages.phoneRequired),
  description: longText(complaintMessages.descriptionRequired).refine((v) => v.length >= 20, complaintMessages.descriptionTooShort),
  incidentDate: isoDate(complaintMessages.incidentDateRequired),
  incidentPlace: z.string().trim().max(L.text, messages.valueTooLong).default(''),
  withholdIdentity: flag.default(false),
  voterToken: z.string().max(L.botToken, messages.valueTooLong).optional(),
});
export type ComplaintRequest = z.input<typeof complaintRequest>;

export const complaintFiledSchema = z.object({ reference: z.string() });

export const complaintFileSchema = z.object({
  id: z.string(),
  party: z.enum(COMPLAINT_FILE_PARTIES),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type ComplaintFile = z.infer<typeof complaintFileSchema>;

/** One step of a case as its parties see it (internal notes are never among them). */
export const complaintEventSchema = z.object({
  at: z.string(),
  stage: z.enum(COMPLAINT_STAGES),
  label: z.string(),
});
export type ComplaintEvent = z.infer<typeof complaintEventSchema>;

export const complaintDecisionSchema = z.object({
  outcome: z.enum(COMPLAINT_OUTCOMES),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  amount: z.number().nullable(),
  invoiceNo: z.string().nullable(),
  reason: z.string(),
  decidedAt: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type ComplaintDecision = z.infer<typeof complaintDecisionSchema>;

const respondentSchema = z.object({ memberNo: z.string(), name: z.string() });

/** GET /api/complaints/track/{reference}?token=…: what the complainant may see. */
export const complaintTrackSchema = z.object({
  reference: z.string(),
  stage: z.enum(COMPLAINT_STAGES),
  stageLabel: z.string(),
  respondent: respondentSchema,
  filedAt: z.string(),
  events: z.array(complaintEventSchema),
  dismissalReason: z.string().nullable(),
  hearingAt: z.string().nullable(),
  decision: complaintDecisionSchema.nullable(),
});
export type ComplaintTrack = z.infer<typeof complaintTrackSchema>;

/** The engineer's view of a complaint against them (GET /api/complaints/mine). */
export const respondentComplaintSchema = z.object({
  reference: z.string(),
  stage: z.enum(COMPLAINT_STAGES),
  stageLabel: z.string(),
  /** Null when the complainant asked that their identity be withheld. */
  complainantName: z.string().nullable(),
  identityWithheld: z.boolean(),
  description: z.string(),
  incidentDate: z.string(),
  incidentPlace: z.string(),
  filedAt: z.string(),
  noticeDue: z.string().nullable(),
  canAnswer: z.boolean(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  hearingAt: z.string().nullable(),
  decision: complaintDecisionSchema.nullable(),
  files: z.array(complaintFileSchema),
  events: z.array(complaintEventSchema),
});
export type RespondentComplaint = z.infer<typeof respondentComplaintSchema>;

/** POST /api/complaints/{reference}/response: JSON or form data with documents (`documents`, repeated). */
export const complaintResponseRequest = z.object({
  statement: longText(complaintMessages.statementRequired),
});

export const complaintSummarySchema = z.object({
  reference: z.string(),
  stage: z.enum(COMPLAINT_STAGES),
  stageLabel: z.string(),
  respondent: respondentSchema,
  complainantName: z.string(),
  filedAt: z.string(),
  assignee: z.string().nullable(),
  /** The current stage's deadline (the notice's answer, the appeal window), or null. */
  dueOn: z.string().nullable(),
  overdue: z.boolean(),
});
export type ComplaintSummary = z.infer<typeof complaintSummarySchema>;

export const complaintPageSchema = z.object({
  items: z.array(complaintSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

export const complaintListQuery = z.object({
  stage: z.union([z.enum(COMPLAINT_STAGES), z.literal('open')]).optional(),
  respondent: z.string().trim().max(L.code, messages.valueTooLong).optional(),
  assignee: z.coerce.number().int().positive().optional(),
  /** Filed at least this many days ago. */
  olderThanDays: z.coerce.number().int().min(0).max(36_500).optional(),
  overdue: flag.optional(),
  q: z.string().trim().max(L.text, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ComplaintListQuery = z.input<typeof complaintListQuery>;

export const complaintNoteSchema = z.object({ id: z.number(), author: z.string(), body: z.string(), at: z.string() });

/** GET /api/admin/complaints/{reference}: everything, internal notes included. */
export const complaintDetailSchema = complaintSummarySchema.extend({
  complainantEmail: z.string(),
  complainantPhone: z.string(),
  withholdIdentity: z.boolean(),
  description: z.string(),
  incidentDate: z.string(),
  incidentPlace: z.string(),
  assigneeId: z.number().nullable(),
  dismissalReason: z.string().nullable(),
  noticeSentAt: z.string().nullable(),
  noticeDue: z.string().nullable(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  hearingAt: z.string().nullable(),
  hearingPanel: z.string().nullable(),
  hearingMinutes: z.string().nullable(),
  appealUntil: z.string().nullable(),
  decision: complaintDecisionSchema.nullable(),
  /** Stages the case may move to next by POST …/stage. */
  nextStages: z.array(z.enum(COMPLAINT_STAGES)),
  /** Whether POST …/decision is possible now, or why not. */
  decisionBlockedBy: z.string().nullable(),
  files: z.array(complaintFileSchema),
  notes: z.array(complaintNoteSchema),
  events: z.array(complaintEventSchema.extend({ actor: z.string().nullable(), reason: z.string().nullable() })),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintStageRequest = z.object({
  stage: z.enum(COMPLAINT_STAGES),
  reason: z.string().trim().max(L.description, messages.valueTooLong).optional(),
});
export type ComplaintStageRequest = z.input<typeof complaintStageRequest>;

export const complaintNoteRequest = z.object({ body: longText(complaintMessages.noteRequired) });

export const complaintAssignRequest = z.object({ assigneeId: z.number().int().positive().nullable() });

export const complaintHearingRequest = z.object({
  hearingAt: z.iso.datetime({ offset: true, error: complaintMessages.hearingDetailsRequired }).max(L.short, messages.valueTooLong),
  panel: z
    .string({ error: complaintMessages.hearingDetailsRequired })
    .trim()
    .min(1, complaintMessages.hearingDetailsRequired)
    .max(L.description, messages.valueTooLong),
  minutes: z
    .string()
    .trim()
    .max(L.description * 5, messages.valueTooLong)
    .default(''),
});
export type ComplaintHearingRequest = z.input<typeof complaintHearingRequest>;

export const complaintDecisionRequest = z
  .object({
    outcome: z.enum(COMPLAINT_OUTCOMES),
    from: z.iso.date().max(L.short, messages.valueTooLong).optional(),
    to: z.iso.date().max(L.short, messages.valueTooLong).optional(),
    /** KES, for a fine. */
    amount: z.coerce.number().positive(complaintMessages.amountRequired).max(10_000_000).optional(),
    reason: z
      .string({ error: complaintMessages.reasonRequired })
      .trim()
      .min(1, complaintMessages.reasonRequired)
      .max(L.description, messages.valueTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'suspension') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: complaintMessages.decisionFromRequired });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: complaintMessages.decisionToRequired });
      if (v.from && v.to && v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: complaintMessages.decisionDates });
    }
    if (v.outcome === 'fine' && v.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: complaintMessages.amountRequired });
    }
  });
export type ComplaintDecisionRequest = z.input<typeof complaintDecisionRequest>;

export const complaintReverseRequest = z.object({
  reason: z
    .string({ error: complaintMessages.reasonRequired })
    .trim()
    .min(1, complaintMessages.reasonRequired)
    .max(L.description, messages.valueTooLong),
});

/** A sanction as the public register shows it (per the `register_sanctions` setting). */
export const publicSanctionSchema = z.object({
  outcome: z.enum(COMPLAINT_OUTCOMES),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  decidedOn: z.string(),
});
export type PublicSanction = z.infer<typeof publicSanctionSchema>;
