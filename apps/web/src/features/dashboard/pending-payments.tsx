import { formatKes } from '@portal/contract';
import { Icon } from '../../shared/lite/icon';
import { LiteAlert, LiteCard, LiteCardContent, LiteCardHeader } from '../../shared/lite/surfaces';
import { LiteTable, type TableColumn } from '../../shared/lite/table';
import { type LedgerEntry, useBillingDue, usePendingPayments } from '../../shared/member/money';
import { shortDate } from '../../shared/payments/documents';
import { allDuePayment, invoicePayment, PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute } from '../../shared/payments/routes';
import { LoadingSpinner } from '../../shared/ui/loading';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';

const COLUMNS: TableColumn[] = [
  'Document No',
  'Description',
  'Due Date',
  { label: 'Amount', align: 'right' },
  { label: 'Outstanding', align: 'right' },
  'Actions',
];

/** Preview (the invoice viewer) and Pay Now for what is left of the invoice. */
function PendingActions({ entry }: { entry: LedgerEntry }) {
  return (
    <div className="lt-row">
      <RowLinkButton to={invoiceRoute(entry.documentNo)} icon={<Icon name="Visibility" />}>
        Preview
      </RowLinkButton>
      <PayNowButton size="small" payment={invoicePayment(entry, '/dashboard')} />
    </div>
  );
}

function PendingTable({ rows }: { rows: LedgerEntry[] }) {
  return (
    <LiteTable label="Pending Payments" columns={COLUMNS}>
      {rows.map((e) => (
        <tr key={e.documentNo}>
          <td className="lt-nowrap">{e.documentNo}</td>
          <td>{e.description}</td>
          <td className="lt-nowrap">{shortDate(e.dueDate)}</td>
          <td className="lt-right lt-nowrap">{formatKes(e.amountLCY)}</td>
          <td className="lt-right lt-nowrap lt-strong">{formatKes(e.remainingAmtLCY)}</td>
          <td>
            <PendingActions entry={e} />
          </td>
        </tr>
      ))}
    </LiteTable>
  );
}

/** On a phone each invoice is a card with what is outstanding and both actions in view. */
function PendingCards({ rows }: { rows: LedgerEntry[] }) {
  return (
    <div className="lt-stack-sm">
      {rows.map((e) => (
        <SummaryCard
          key={e.documentNo}
          label={`Invoice ${e.documentNo}`}
          head={
            <p className="lt-body2 lt-muted">
              {e.documentNo} · Due {shortDate(e.dueDate)}
            </p>
          }
          aside={null}
          title={e.description}
        >
          <p className="lt-body2">
            Outstanding <strong>{formatKes(e.remainingAmtLCY)}</strong>
            {e.remainingAmtLCY !== e.amountLCY && ` of ${formatKes(e.amountLCY)}`}
          </p>
          <PendingActions entry={e} />
        </SummaryCard>
      ))}
    </div>
  );
}

/** With more than one document unpaid: what everything due comes to, paid at once (credit used first). */
function PayEverythingDue({ count }: { count: number }) {
  const due = useBillingDue();
  if (count < 2 || !due.data || due.data.total <= 0) return null;
  return (
    <div className="lt-row lt-row-spread" style={{ marginBottom: 12 }}>
      <p className="lt-body2 lt-flush">
        Everything due: <strong>{formatKes(due.data.total)}</strong> for {due.data.documents.length} documents
        {due.data.credit > 0 && `, after ${formatKes(due.data.credit)} of credit`}
      </p>
      <PayNowButton size="small" label="Pay everything due" payment={allDuePayment(due.data.total, '/dashboard')} />
    </div>
  );
}

/**
 * Pending Payments (part 1 §2, §9): invoices with something left to pay, each with Preview (the invoice viewer) and
 * Pay Now; with several, one payment for everything due.
 */
export function PendingPayments() {
  const pending = usePendingPayments();
  const phone = usePhoneCards();
  const rows = pending.data ?? [];
  return (
    <LiteCard>
      <LiteCardHeader title="Pending Payments" />
      <LiteCardContent>
        {pending.isLoading && <LoadingSpinner label="Loading pending payments" />}
        {pending.error && <LiteAlert severity="error">{pending.error.message}</LiteAlert>}
        {pending.data?.length === 0 && <p className="lt-muted lt-flush">Nothing to pay.</p>}
        <PayEverythingDue count={rows.length} />
        {rows.length > 0 && (phone ? <PendingCards rows={rows} /> : <PendingTable rows={rows} />)}
      </LiteCardContent>
    </LiteCard>
  );
}
