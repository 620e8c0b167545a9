/**
 * The ledger core (decisions.md §5, decision 022): the only way money is posted. Other modules import from here.
 * Amounts are integer cents; every function runs inside the caller's transaction (a savepoint) or its own.
 */

export { billingDue, dueDocuments, feeBreakdown } from './due';
export {
  applicationFeeDescription,
  applicationFeeSettled,
  invoiceApplicationFee,
  SERVICE_FEE_DAYS,
  unpaidSubscriptions,
} from './fees';
export {
  type Allocation,
  applyCredit,
  applyCreditToAll,
  arrearsCents,
  balanceCents,
  type CreditNoteInput,
  checkLedgerInvariants,
  findInvoice,
  INVOICE_PURPOSES,
  type InvoicePurpose,
  isInGoodStanding,
  LEDGER_PAYMENT_METHODS,
  type LedgerEntryRow,
  LedgerError,
  type LedgerPaymentMethod,
  type LedgerTotals,
  ledgerTotals,
  lockOpenInvoices,
  oldestFirst,
  type PostPaymentInput,
  type PostPaymentResult,
  postCreditNote,
  postPayment,
  type RaiseInvoiceInput,
  raiseInvoice,
  receiptDescription,
  type Tx,
  today,
} from './ledger';
export { sendSubscriptionReminders, startSubscriptionReminders } from './reminders';
export { billSubscription, subscriptionCode, subscriptionDescription, subscriptionDueDate, subscriptionFeeCents } from './run';
