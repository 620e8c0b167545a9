/** The plain values of billing-admin.ts (constants, messages, small functions): importable without zod (decision 054). */

/**
 * The back office's billing (decisions.md §5, decision 022): the yearly subscription billing run, invoices,
 * payments and arrears with totals, manual (bank or cheque) payments and credit notes; the review gate on the
 * application fee; the member's unpaid-subscription count for the bell. Amounts are shillings in the API.
 */

export const MANUAL_PAYMENT_METHODS = ['BANK', 'CHEQUE'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const BILLING_INVOICE_PURPOSES = ['application', 'subscription', 'upgrade', 'license', 'event', 'fine'] as const;
export const BILLING_PAGE_SIZE = 20;
/** Days between two reminders of unpaid subscriptions to one member. */
export const SUBSCRIPTION_REMINDER_DAYS = 14;

export const billingAdminMessages = {
  feeNotPaid: 'The application fee has not been paid: the application cannot move past Open until its fee has a posted receipt',
  periodRequired: 'Period is required',
  periodInvalid: 'Period must be a year such as 2026',
  periodOutOfRange: (max: number) => `Period must be a year from 2000 to ${max}`,
  runStarted: (period: string) => `Billing run for ${period} started: members are billed in the background`,
  runAlreadyOpen: (period: string) => `The billing run for ${period} is already in progress`,
  runBusy: (period: string) => `The billing run for ${period} is still in progress: run another period once it has finished`,
  runFailed: (period: string, error: string) =>
    `The billing run for ${period} stopped: ${error}. Members billed so far stay billed; run it again for the rest.`,
  runNotFound: 'Billing run not found',
  runFinished: (billed: number, skipped: number) =>
    `Billing run finished: ${billed} member${billed === 1 ? '' : 's'} billed, ${skipped} already billed or without a subscription fee`,
  memberRequired: 'Member number is required',
  memberNotFound: 'Member not found',
  invoiceNotFound: 'Invoice not found',
  invoiceOfAnotherMember: 'This invoice belongs to another member',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be greater than 0',
  amountCents: 'Amount can have at most two decimals',
  amountTooLarge: 'Amount is too large',
  methodInvalid: 'Payment method must be BANK or CHEQUE',
  referenceRequired: 'Reference is required',
  referenceTooLong: 'Reference must be at most 60 characters',
  duplicateReference: (method: string, reference: string) => `A ${method} payment with reference ${reference} is already recorded`,
  paidAtRequired: 'Date paid is required',
  paidAtInFuture: 'Date paid cannot be in the future',
  paymentRecorded: (receiptNo: string) => `Payment recorded: receipt ${receiptNo}`,
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  invoicePaid: (invoiceNo: string) => `Nothing is owed on invoice ${invoiceNo}`,
  creditExceedsRemaining: (remaining: string) => `A credit note cannot exceed what is still owed on the invoice (KES ${remaining})`,
  creditNoteIssued: (creditNoteNo: string) => `Credit note ${creditNoteNo} issued`,
} as const;

export const BILLING_RUN_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export type BillingRunStatus = (typeof BILLING_RUN_STATUSES)[number];
export const isRunOpen = (run: { status: BillingRunStatus }) => run.status === 'queued' || run.status === 'running';
