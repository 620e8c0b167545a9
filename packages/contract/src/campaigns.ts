import * as z from 'zod';
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_STATUSES,
  campaignMessages,
  RECIPIENT_STATUSES,
  SMS_BODY_MAX,
  smsLength,
  unknownMergeFields,
} from './campaigns-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export * from './campaigns-values';

const code = z.string().trim().min(1).max(L.code, messages.valueTooLong);

/** Who a campaign reaches: every filter given must hold (issue 29). */
export const campaignSegmentSchema = z
  .object({
    categories: z.array(code).max(100).optional(),
    memberType: z.enum(['Individual', 'Corporate']).optional(),
    standing: z.enum(['good', 'arrears']).optional(),
    licence: z.enum(['licensed', 'unlicensed']).optional(),
    cpdBelowTarget: z.boolean().optional(),
    eventNo: code.optional(),
    /** With eventNo: true for members who attended it, false for those booked who did not. */
    attended: z.boolean().optional(),
    counties: z.array(code).max(100).optional(),
    /** An uploaded list of member numbers. */
    memberNos: z.array(code).max(20_000).optional(),
  })
  .strict();
export type CampaignSegment = z.infer<typeof campaignSegmentSchema>;

const mergeChecked = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const unknown = unknownMergeFields(value);
    if (unknown.length) ctx.addIssue({ code: 'custom', message: campaignMessages.unknownFields(unknown) });
  });

/** POST /api/admin/campaigns and PUT /api/admin/campaigns/{no}. */
export const campaignRequest = z
  .object({
    name: z
      .string({ error: campaignMessages.nameRequired })
      .trim()
      .min(1, campaignMessages.nameRequired)
      .max(L.text, messages.valueTooLong),
    channel: z.enum(CAMPAIGN_CHANNELS),
    subject: mergeChecked(z.string().trim().max(L.text, messages.valueTooLong)).default(''),
    body: mergeChecked(
      z.string({ error: campaignMessages.bodyRequired }).trim().min(1, campaignMessages.bodyRequired).max(10_000, messages.valueTooLong),
    ),
    segment: campaignSegmentSchema.default({}),
    sendAt: z.iso.datetime({ offset: true }).max(L.short, messages.valueTooLong).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.channel === 'email' && !value.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: campaignMessages.subjectRequired });
    if (value.channel === 'sms' && smsLength(value.body).characters > SMS_BODY_MAX) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: campaignMessages.smsTooLong });
    }
  });
export type CampaignRequest = z.input<typeof campaignRequest>;

export const campaignCountsSchema = z.object({
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  skipped: z.number(),
});

export const campaignSummarySchema = campaignCountsSchema.extend({
  no: z.string(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  status: z.enum(CAMPAIGN_STATUSES),
  sendAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = campaignSummarySchema.extend({
  subject: z.string(),
  body: z.string(),
  segment: campaignSegmentSchema,
  createdBy: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z.object({
  items: z.array(campaignSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const campaignListQuery = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A rendered message for one member: what the preview shows and the test sends. */
export const campaignSampleSchema = z.object({
  memberNo: z.string().nullable(),
  name: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The e-mail's HTML part (shown in a frame), null for SMS. */
  html: z.string().nullable(),
  sms: z.object({ encoding: z.enum(['GSM-7', 'UCS-2']), characters: z.number(), parts: z.number() }).nullable(),
});
export type CampaignSample = z.infer<typeof campaignSampleSchema>;

export const campaignPreviewSchema = z.object({
  /** Members the segment holds who will receive it. */
  recipients: z.number(),
  /** Members the segment holds who will not: opted out, or no address for the channel. */
  skipped: z.number(),
  sample: campaignSampleSchema.nullable(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignRecipientSchema = z.object({
  memberNo: z.string().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientPageSchema = z.object({
  items: z.array(campaignRecipientSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const campaignRecipientQuery = z.object({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Africa's Talking's SMS delivery report (form-encoded; other fields it adds are ignored). */
export const smsDeliveryReportSchema = z.object({
  id: z.string().trim().min(1).max(L.token, messages.valueTooLong),
  status: z.string().trim().min(1).max(L.short, messages.valueTooLong),
  phoneNumber: z.string().max(L.phone, messages.valueTooLong).optional(),
  networkCode: z.string().max(L.short, messages.valueTooLong).optional(),
  failureReason: z.string().max(L.text, messages.valueTooLong).optional(),
  retryCount: z.string().max(L.short, messages.valueTooLong).optional(),
});
export type SmsDeliveryReport = z.infer<typeof smsDeliveryReportSchema>;
