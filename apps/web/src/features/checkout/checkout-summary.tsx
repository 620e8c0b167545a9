import { ReceiptLong } from '@mui/icons-material';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { type BillingDue, type CheckoutInvoice, type FeeLine, formatKes, type Payment } from '@portal/contract';
import type { ReactNode } from 'react';
import { LiteChip } from '../../shared/lite/surfaces';
import { shortDate } from '../../shared/payments/documents';
import type { PaymentRequest } from '../../shared/payments/payment-request';
import { receiptRoute } from '../../shared/payments/routes';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

/** A label and its value; an amount (`nowrap`) keeps to one line and the label wraps instead. */
export function Row({ label, children, strong, nowrap }: { label: string; children: ReactNode; strong?: boolean; nowrap?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography color={strong ? 'text.primary' : 'text.secondary'}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right', ...(nowrap ? { whiteSpace: 'nowrap' } : {}) }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** What an amount is made of: fee, VAT, anything paid already; indented under the document it belongs to. */
function Breakdown({ lines, label }: { lines: FeeLine[]; label: string }) {
  if (lines.length === 0) return null;
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
      {lines.map((line) => (
        <Stack key={line.label} direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatKes(line.amount)}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}

function AmountToPay({ label, amount }: { label: string; amount: number | undefined }) {
  return (
    <Row label={label} strong nowrap>
      <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="checkout-amount">
        {amount === undefined ? '—' : formatKes(amount)}
      </Box>
    </Row>
  );
}

/**
 * One document being paid: what it is for, what its amount is made of, and what the server holds as left to pay
 * (the request's amount only as a fallback). A document with nothing left shows what it billed and that it is paid.
 */
export function Summary({
  request,
  attempt,
  invoice,
}: {
  request: PaymentRequest | null;
  attempt: Payment | undefined;
  invoice: CheckoutInvoice | undefined;
}) {
  const forWhat = attempt?.description ?? invoice?.description;
  const paidInFull = invoice?.remainingAmount === 0 && !attempt;
  const amount = attempt?.amount ?? invoice?.remainingAmount ?? request?.amount;
  return (
    <Box>
      {request?.description && <Row label="Payment">{request.description}</Row>}
      <Row label="Document">{invoice?.invoiceNo ?? attempt?.invoiceNo ?? request?.sourceDocumentNo ?? '—'}</Row>
      {forWhat && <Row label="For">{forWhat}</Row>}
      {invoice?.dueDate && !paidInFull && <Row label="Due">{shortDate(invoice.dueDate)}</Row>}
      {request?.name && <Row label="Payer">{request.name}</Row>}
      <Divider sx={{ my: 1 }} />
      {paidInFull ? (
        <>
          <Row label="Amount" nowrap>
            {formatKes(invoice.amount)}
          </Row>
          <Row label="Status">
            <LiteChip label="Paid" bg={STATUS_COLORS.good} />
          </Row>
        </>
      ) : (
        <>
          {!attempt && invoice && <Breakdown lines={invoice.breakdown} label="What the amount is made of" />}
          <AmountToPay label={attempt?.status === 'succeeded' ? 'Amount paid' : 'Amount to pay'} amount={amount} />
        </>
      )}
    </Box>
  );
}

/** Everything due: each document oldest first with what it is made of, the credit used first, and the total. */
export function AllDueSummary({ due, attempt }: { due: BillingDue | undefined; attempt: Payment | undefined }) {
  const amount = attempt?.amount ?? due?.total;
  return (
    <Box>
      <Row label="Payment">Everything due</Row>
      {due && due.documents.length > 0 && (
        <Stack component="ul" aria-label="Documents being paid" spacing={1} sx={{ listStyle: 'none', p: 0, my: 1 }}>
          {due.documents.map((doc) => (
            <Box component="li" key={doc.documentNo}>
              <Row label={`${doc.documentNo} · ${doc.description}`} nowrap>
                {formatKes(doc.remaining)}
              </Row>
              <Breakdown lines={doc.breakdown} label={`What ${doc.documentNo} is made of`} />
            </Box>
          ))}
        </Stack>
      )}
      <Divider sx={{ my: 1 }} />
      {due && due.credit > 0 && due.documents.length > 0 && (
        <Row label="Credit used first" nowrap>
          {formatKes(-Math.min(due.credit, due.owed))}
        </Row>
      )}
      <AmountToPay label={attempt?.status === 'succeeded' ? 'Amount paid' : 'Total to pay'} amount={amount} />
    </Box>
  );
}

/** Other documents still unpaid beside the one being paid, with the choice to pay everything due at once. */
export function OtherDue({
  due,
  invoiceNo,
  onPayAll,
}: {
  due: BillingDue | undefined;
  invoiceNo: string | undefined;
  onPayAll: () => void;
}) {
  const others = due?.documents.filter((doc) => doc.documentNo !== invoiceNo) ?? [];
  if (!due || others.length === 0) return null;
  const owed = others.reduce((sum, doc) => sum + doc.remaining, 0);
  return (
    <LazyAlert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onPayAll}>
          Pay everything due
        </Button>
      }
    >
      {others.length === 1 ? '1 other document is' : `${others.length} other documents are`} unpaid ({formatKes(owed)}).
      {due.credit > 0 && ` ${formatKes(due.credit)} of credit is used first.`} Everything due comes to {formatKes(due.total)}.
    </LazyAlert>
  );
}

/** A document already paid: said so, with its receipt when a payment settled it, and the way back. */
export function PaidDocument({ message, receiptNo, onBack }: { message: string; receiptNo: string | null; onBack: () => void }) {
  return (
    <Stack spacing={2}>
      <LazyAlert severity="success" role="status">
        {message}
      </LazyAlert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {receiptNo && (
          <RowLinkButton to={receiptRoute(receiptNo)} icon={<ReceiptLong />}>
            Receipt {receiptNo}
          </RowLinkButton>
        )}
        <Button variant="outlined" size="small" onClick={onBack}>
          Back
        </Button>
      </Stack>
    </Stack>
  );
}
