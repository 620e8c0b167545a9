import * as z from 'zod';
import { TEXT_LIMITS as L } from './limits';
import { membershipCommentSchema } from './members';
import { messages } from './messages';

/**
 * Category upgrades (part 2 §2.2, §4, §5, §7 upgrade/…; decision 032). An upgrade is an application of kind
 * Upgrade: it goes through the same back office as registrations, with the same stages and payment gate.
 */

/** What an application in the back office is for (the queue's kind filter). */
export const APPLICATION_KINDS = ['Registration', 'Upgrade', 'Licence'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** The checklist type each kind of application is checked against. */
export const CHECKLIST_TYPE_OF_KIND: Record<ApplicationKind, 'Application' | 'Upgrade' | 'License'> = {
  Registration: 'Application',
  Upgrade: 'Upgrade',
  Licence: 'License',
};

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

export const upgradeMessages = {
  submitTitle: 'Submit Application ?',
  submitText:
    'By clicking submit, you confirm that you have read the terms and conditions, that you understand them and that you agree to be bound by them.',
  confirmBox: 'I Confirm to upgrade',
  requirementsComplete: (done: number, total: number) => `You have ${done}/${total} requirement(s) that are complete`,
  requirementOne: 'Complete the checklist with the necessary documents (certified copies of diploma or degree, referees and so on).',
  requirementTwo: 'Payment fully paid.',
  submitted: 'Upgrade application submitted. Pay the upgrade fee so that it can be reviewed.',
  resubmitted: 'Upgrade application submitted again',
  planNotFound: 'There is no upgrade plan to this category',
  planDisabled: 'Upgrades to this category are not open at the moment',
  notMember: 'Only registered members can apply for an upgrade',
  notEligible: (from: string, to: string) => `Members of category ${from} cannot upgrade to ${to}`,
  alreadyPending: 'You already have an upgrade application in progress',
  checklistIncomplete: 'Complete every upgrade requirement before you submit',
  notFound: 'Upgrade not found',
  reportNotAvailable: 'The upgrade report is available once the upgrade has been submitted',
  letterNotReleased: 'The acceptance letter is available once the upgrade has been approved',
  planSaved: 'Upgrade plan saved',
  unknownCategory: (code: string) => `Unknown membership category ${code}`,
  planTargetInFrom: 'A category cannot upgrade to itself',
  categoryChanged: 'The member’s category has changed since this upgrade was applied for',
  noActiveMembership: 'The member has no Active membership to upgrade',
} as const;

/** Download names (part 2 §2.2): the prefix and the current date. */
export function upgradeFileName(kind: 'report' | 'letter', date = new Date()): string {
  return `${kind === 'report' ? 'UPGRADE_REPORT' : 'ACCEPTANCE_LETTER'}${date.toISOString().slice(0, 10)}.pdf`;
}
