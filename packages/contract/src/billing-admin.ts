import * as z from 'zod';
import {
  BILLING_INVOICE_PURPOSES,
  BILLING_PAGE_SIZE,
  BILLING_RUN_STATUSES,
  billingAdminMessages,
  MANUAL_PAYMENT_METHODS,
} from './billing-admin-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';

export * from './billing-admin-values';

/** Shillings with at most two decimals, > 0 (sent as a number or numeric text). */
const amount = z.coerce
  .number({ error: billingAdminMessages.amountRequired })
  .refine((v) => Number.isFinite(v) && v > 0, billingAdminMessages.amountPositive)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, billingAdminMessages.amountCents)
  .refine((v) => v <= 100_000_000, billingAdminMessages.amountTooLarge);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.valueTooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/admin/billing/run */
export const billingRunRequest = z.object({
  period: z
    .string({ error: billingAdminMessages.periodRequired })
    .trim()
    .min(1, billingAdminMessages.periodRequired)
    .regex(/^\d{4}$/, billingAdminMessages.periodInvalid)
    .max(L.short, messages.valueTooLong),
});
export type BillingRunRequest = z.infer<typeof billingRunRequest>;

export const billingRunSchema = z.object({
  id: z.number(),
  period: z.string(),
  /** Queued until a worker takes it, running in batches, then finished (or failed, with `error`). */
  status: z.enum(BILLING_RUN_STATUSES),
  runBy: z.string().nullable(),
  /** Active members on the register when it was asked for. */
  memberCount: z.number(),
  /** Of them, those to bill (not yet billed for the period, with a fee): the progress is billedCount of this. */
  toBillCount: z.number(),
  billedCount: z.number(),
  skippedCount: z.number(),
  /** Shillings billed by this run. */
  totalAmount: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;
export const billingRunResult = z.object({ message: z.string(), run: billingRunSchema });
export type BillingRunResult = z.infer<typeof billingRunResult>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(BILLING_PAGE_SIZE),
};

/** GET /api/admin/billing/runs: a page of runs, newest first, by period and status. */
export const billingRunsQuery = z.object({
  period: optionalText(4),
  status: z.enum(BILLING_RUN_STATUSES).optional(),
  ...pageFields,
});
export type BillingRunsQuery = z.input<typeof billingRunsQuery>;

export const billingRunsPage = z.object({
  runs: z.array(billingRunSchema),
  /** Runs matching the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type BillingRunsPage = z.infer<typeof billingRunsPage>;

/** GET /api/admin/billing/invoices */
export const adminInvoicesQuery = z.object({
  status: z.enum(['open', 'paid']).optional(),
  purpose: z.enum(BILLING_INVOICE_PURPOSES).optional(),
  /** Subscription year: invoices of that period's subscriptions. */
  period: optionalText(4),
  /** Member number, name, invoice number or source document. */
  search: optionalText(100),
  ...pageFields,
});
export type AdminInvoicesQuery = z.input<typeof adminInvoicesQuery>;

export const adminInvoiceSchema = z.object({
  invoiceNo: z.string(),
  documentDate: z.string(),
  dueDate: z.string().nullable(),
  profileId: z.string(),
  memberNo: z.string().nullable(),
  name: z.string(),
  purpose: z.string().nullable(),
  description: z.string(),
  externalDocumentNo: z.string().nullable(),
  amount: z.number(),
  paidAmount: z.number(),
  remainingAmount: z.number(),
  status: z.enum(['open', 'paid']),
  overdue: z.boolean(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoicesPage = z.object({
  invoices: z.array(adminInvoiceSchema),
  total: z.number(),
  /** False: `total` is the database's estimate (more than 10,000 match a search), and `totals` are left out. */
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every invoice matching the filters, not just this page; null when the total is an estimate. */
  totals: z.object({ amount: z.number(), paidAmount: z.number(), remainingAmount: z.number() }).nullable(),
});
export type AdminInvoicesPage = z.infer<typeof adminInvoicesPage>;

/** GET /api/admin/billing/payments */
export const adminPaymentsQuery = z.object({
  method: z.enum(['MPESA', 'CARD', 'BANK', 'CHEQUE']).optional(),
  from: z.iso.date().max(L.short, messages.valueTooLong).optional(),
  to: z.iso.date().max(L.short, messages.valueTooLong).optional(),
  /** Member number, name, receipt number or reference. */
  search: optionalText(100),
  ...pageFields,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuery>;

export const adminPaymentSchema = z.object({
  receiptNo: z.string(),
  paidOn: z.string(),
  postedOn: z.string(),
  profileId: z.string(),
  memberNo: z.string().nullable(),
  name: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  /** What is not yet applied to an invoice: the member's credit. */
  unappliedAmount: z.number(),
  appliedTo: z.array(z.object({ invoiceNo: z.string(), amount: z.number() })),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsPage = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number(),
  /** As for invoices: false when `total` is an estimate and `totals` are left out. */
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  totals: z.object({ amount: z.number(), unappliedAmount: z.number() }).nullable(),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPage>;

/** GET /api/admin/billing/arrears */
export const adminArrearsQuery = z.object({
  category: optionalText(40),
  search: optionalText(100),
  ...pageFields,
});
export type AdminArrearsQuery = z.input<typeof adminArrearsQuery>;

export const adminArrearsRowSchema = z.object({
  profileId: z.string(),
  memberNo: z.string().nullable(),
  name: z.string(),
  category: z.string().nullable(),
  email: z.string().nullable(),
  phoneNo: z.string().nullable(),
  /** Remaining amount of overdue invoices. */
  arrears: z.number(),
  overdueInvoices: z.number(),
  oldestDueDate: z.string(),
});
export type AdminArrearsRow = z.infer<typeof adminArrearsRowSchema>;

export const adminArrearsPage = z.object({
  members: z.array(adminArrearsRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: z.object({ arrears: z.number(), members: z.number() }),
});
export type AdminArrearsPage = z.infer<typeof adminArrearsPage>;

/** POST /api/admin/billing/payments: a bank or cheque payment received by the secretariat. */
export const manualPaymentRequest = z
  .object({
    memberNo: optionalText(40),
    profileId: optionalText(40),
    amount,
    method: z.enum(MANUAL_PAYMENT_METHODS, { error: billingAdminMessages.methodInvalid }),
    reference: z
      .string({ error: billingAdminMessages.referenceRequired })
      .trim()
      .min(1, billingAdminMessages.referenceRequired)
      .max(60, billingAdminMessages.referenceTooLong),
    /** Settled first; then the member's other open invoices, oldest first. */
    invoiceNo: optionalText(40),
    paidAt: z.iso.date({ error: billingAdminMessages.paidAtRequired }).max(L.short, messages.valueTooLong),
  })
  .refine((v) => Boolean(v.memberNo || v.profileId), { message: billingAdminMessages.memberRequired, path: ['memberNo'] });
export type ManualPaymentRequest = z.input<typeof manualPaymentRequest>;

export const manualPaymentResult = z.object({
  message: z.string(),
  receiptNo: z.string(),
  profileId: z.string(),
  memberNo: z.string().nullable(),
  amount: z.number(),
  allocations: z.array(z.object({ invoiceNo: z.string(), amount: z.number() })),
  /** Left as credit on the member's account. */
  unappliedAmount: z.number(),
});
export type ManualPaymentResult = z.infer<typeof manualPaymentResult>;

/** POST /api/admin/billing/credit-notes: the only correction of an invoice. */
export const creditNoteRequest = z.object({
  invoiceNo: z
    .string({ error: billingAdminMessages.invoiceNotFound })
    .trim()
    .min(1, billingAdminMessages.invoiceNotFound)
    .max(40, billingAdminMessages.invoiceNotFound),
  amount,
  reason: z
    .string({ error: billingAdminMessages.reasonRequired })
    .trim()
    .min(1, billingAdminMessages.reasonRequired)
    .max(500, billingAdminMessages.reasonTooLong),
});
export type CreditNoteRequest = z.input<typeof creditNoteRequest>;

export const creditNoteResult = z.object({
  message: z.string(),
  creditNoteNo: z.string(),
  invoiceNo: z.string(),
  amount: z.number(),
  /** What is still owed on the invoice afterwards. */
  remainingAmount: z.number(),
});
export type CreditNoteResult = z.infer<typeof creditNoteResult>;

/** GET /api/billing/alerts: the signed-in member's unpaid subscriptions, for the bell. */
export const billingAlertsSchema = z.object({ unpaidSubscriptions: z.number() });
export type BillingAlerts = z.infer<typeof billingAlertsSchema>;
