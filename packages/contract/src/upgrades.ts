import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { membershipCommentSchema } from './members';
import { messages } from './messages';

export * from './upgrades-values';

/** A plan a member may upgrade to (part 2 §3 Upgrade plan, §9 plan amounts). */
export const upgradePlanSchema = z.object({
  /** The plan's short code (PE, CE, AC). */
  code: z.string(),
  ToCategory: z.string(),
  ToCategoryDescription: z.string(),
  Amount: z.number(),
  enabled: z.boolean(),
  /** The categories whose members may apply for this plan. */
  fromCategories: z.array(z.string()),
  /** Whether the caller's current category may apply for it (false for staff and non-members). */
  eligible: z.boolean(),
});
export type UpgradePlan = z.infer<typeof upgradePlanSchema>;

/** One of the member's upgrades (part 2 §3 Upgrade). */
export const upgradeSchema = z.object({
  code: z.string(),
  fromCategory: z.string(),
  fromCategoryDescription: z.string(),
  toCategory: z.string(),
  toCategoryDescription: z.string(),
  amount: z.number(),
  /** The year the upgrade was applied for. */
  subsPeriod: z.string(),
  status: z.string(),
  Submitted: z.boolean(),
  returnedAt: z.string().nullable(),
  applicationDate: z.string(),
  membershipComments: z.array(membershipCommentSchema),
  postedReceiptNo: z.string().nullable(),
  /** The upgrade fee's invoice number. */
  proFormaRef: z.string().nullable(),
  ProfileID: z.string().nullable(),
});
export type Upgrade = z.infer<typeof upgradeSchema>;

const code = z.string({ error: messages.fieldRequired }).trim().max(L.code, messages.valueTooLong);

/**
 * POST /api/upgrade/submit: the spec's payload. Only toCategory counts: the amount comes from the plan on the
 * server, the member from the session.
 */
export const upgradeSubmitRequest = z.object({
  toCategory: code.min(1, messages.fieldRequired),
  amount: z.union([z.number(), z.string().max(L.short, messages.valueTooLong)]).optional(),
  memberNo: code.optional(),
  ProfileID: code.optional(),
  requestedDate: z.string().max(L.short, messages.valueTooLong).optional(),
});
export type UpgradeSubmitRequest = z.input<typeof upgradeSubmitRequest>;

/** POST /api/upgrade/upgrade-report and /acceptance-letter. */
export const upgradeDocumentRequest = z.object({
  appCode: z.string({ error: messages.fieldRequired }).trim().min(1, messages.fieldRequired).max(L.routeCode, messages.valueTooLong),
});
/** The spec reads the first element: `{data: ["<base64 pdf>"]}`. */
export const pdfListResponseSchema = z.object({ data: z.array(z.string()) });

/** POST /api/admin/upgrade-plans/{code}: the main administrator's edit of a plan. */
export const upgradePlanUpdate = z.object({
  Amount: z.coerce.number({ error: messages.fieldRequired }).min(0, 'Amount cannot be negative').max(10_000_000, 'Amount is too large'),
  enabled: z.boolean(),
  fromCategories: z.array(z.string().trim().min(1).max(L.code, messages.valueTooLong)).max(20),
});
export type UpgradePlanUpdate = z.input<typeof upgradePlanUpdate>;
