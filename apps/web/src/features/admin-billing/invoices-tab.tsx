import { AddCard, RemoveCircleOutline } from '@mui/icons-material';
import { Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { BILLING_INVOICE_PURPOSES, formatKes } from '@portal/contract';
import { useState } from 'react';
import { LiteChip } from '../../shared/lite/surfaces';
import { shortDate } from '../../shared/payments/documents';
import { ExportMenu } from '../../shared/ui/export-menu';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { useDebounced } from '../../shared/ui/use-debounced';
import { useAdminInvoices } from './api';
import type { CreditNoteDefaults, PaymentDefaults } from './dialogs';
import {
  AmountCell,
  capitalise,
  counted,
  Filter,
  ListState,
  MemberCell,
  memberTitle,
  NARROW_FOR_TOTALS,
  PagedList,
  RowAction,
  right,
  SearchField,
  useFilteredPaging,
} from './list-parts';

/**
 * The invoice list's columns, narrow enough for a 1366 px screen beside the drawer: the due date sits under the
 * status it decides (Overdue), the issue date under the number, and the actions are two icons.
 */
const INVOICE_COLUMNS: ServerTableColumn[] = [
  'Invoice',
  'Member',
  'Description',
  right('Amount'),
  right('Paid'),
  right('Outstanding'),
  'Status',
  'Actions',
];

type AdminInvoice = NonNullable<ReturnType<typeof useAdminInvoices>['data']>['invoices'][number];

/** Paid, Overdue or Open. */
function InvoiceStatusChip({ invoice }: { invoice: AdminInvoice }) {
  const paid = invoice.status === 'paid';
  return (
    <LiteChip
      label={paid ? 'Paid' : invoice.overdue ? 'Overdue' : 'Open'}
      bg={paid ? STATUS_COLORS.good : invoice.overdue ? STATUS_COLORS.bad : STATUS_COLORS.pending}
    />
  );
}

/** The status, with the due date below. */
function InvoiceStatus({ invoice }: { invoice: AdminInvoice }) {
  return (
    <>
      <InvoiceStatusChip invoice={invoice} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        Due {shortDate(invoice.dueDate)}
      </Typography>
    </>
  );
}

/** An open invoice's actions: record a payment against it, or issue a credit note. */
function InvoiceActions({
  invoice,
  onPay,
  onCredit,
}: {
  invoice: AdminInvoice;
  onPay: (d: PaymentDefaults) => void;
  onCredit: (d: CreditNoteDefaults) => void;
}) {
  const phone = usePhoneCards();
  return (
    <Stack direction="row" spacing={phone ? 1 : 0} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <RowAction
        primary
        label={`Record payment for ${invoice.invoiceNo}`}
        hint="Record payment"
        icon={<AddCard fontSize="small" />}
        onClick={() => onPay({ memberNo: invoice.memberNo, invoiceNo: invoice.invoiceNo, amount: invoice.remainingAmount })}
      />
      <RowAction
        label={`Credit note for ${invoice.invoiceNo}`}
        hint="Credit note"
        icon={<RemoveCircleOutline fontSize="small" />}
        onClick={() => onCredit({ invoiceNo: invoice.invoiceNo, remaining: invoice.remainingAmount })}
      />
    </Stack>
  );
}

type InvoiceListProps = { invoices: AdminInvoice[]; onPay: (d: PaymentDefaults) => void; onCredit: (d: CreditNoteDefaults) => void };

function InvoiceRows({ invoices, onPay, onCredit }: InvoiceListProps) {
  return invoices.map((i) => (
    <TableRow key={i.invoiceNo} hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {i.invoiceNo}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {shortDate(i.documentDate)}
        </Typography>
      </TableCell>
      <MemberCell name={i.name} memberNo={i.memberNo} profileId={i.profileId} />
      <TableCell>{i.description}</TableCell>
      <AmountCell amount={i.amount} />
      <AmountCell amount={i.paidAmount} />
      <AmountCell amount={i.remainingAmount} />
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <InvoiceStatus invoice={i} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {i.status === 'open' && <InvoiceActions invoice={i} onPay={onPay} onCredit={onCredit} />}
      </TableCell>
    </TableRow>
  ));
}

/** On a phone each invoice is a card: number, dates, status, the member, what is outstanding and both actions. */
function InvoiceCards({ invoices, onPay, onCredit }: InvoiceListProps) {
  return invoices.map((i) => (
    <SummaryCard
      key={i.invoiceNo}
      label={`Invoice ${i.invoiceNo}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {i.invoiceNo} · {shortDate(i.documentDate)}
        </Typography>
      }
      aside={<InvoiceStatusChip invoice={i} />}
      title={memberTitle(i.name, i.memberNo, i.profileId)}
    >
      <Typography variant="body2">{i.description}</Typography>
      <Typography variant="body2">
        Outstanding <strong>{formatKes(i.remainingAmount)}</strong> of {formatKes(i.amount)} · Paid {formatKes(i.paidAmount)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Due {shortDate(i.dueDate)}
      </Typography>
      {i.status === 'open' && <InvoiceActions invoice={i} onPay={onPay} onCredit={onCredit} />}
    </SummaryCard>
  ));
}

export function InvoicesTab({ onPay, onCredit }: { onPay: (d: PaymentDefaults) => void; onCredit: (d: CreditNoteDefaults) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [purpose, setPurpose] = useState('');
  const [period, setPeriod] = useState('');
  const term = useDebounced(search);
  const year = useDebounced(period);
  const paging = useFilteredPaging(term, status, purpose, year);
  const { page, pageSize } = paging;
  const filters = {
    search: term,
    status: (status || undefined) as 'open' | 'paid' | undefined,
    purpose: (purpose || undefined) as (typeof BILLING_INVOICE_PURPOSES)[number] | undefined,
    period: /^\d{4}$/.test(year) ? year : undefined,
  };
  const list = useAdminInvoices({ ...filters, page: page + 1, pageSize });
  const data = list.data;
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <SearchField label="Member, name or invoice" value={search} onChange={setSearch} />
        <Filter
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'paid', label: 'Paid' },
          ]}
        />
        <Filter
          label="Purpose"
          value={purpose}
          onChange={setPurpose}
          options={BILLING_INVOICE_PURPOSES.map((p) => ({ value: p, label: capitalise(p) }))}
        />
        <TextInput
          size="small"
          fullWidth={false}
          label="Subscription year"
          value={period}
          onChange={(e) => setPeriod(e.target.value.replace(/\D/g, '').slice(0, 4))}
          sx={{ width: 170 }}
        />
        <Box sx={{ ml: 'auto' }}>
          <ExportMenu list="invoices" filters={filters} />
        </Box>
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.invoices.length === 0}>
        {data && data.invoices.length > 0 && (
          <PagedList
            label="Invoices"
            columns={INVOICE_COLUMNS}
            total={
              data.totals
                ? `Total (${counted(data.total, data.totalExact, 'invoice')}): ${formatKes(data.totals.amount)}, paid ${formatKes(data.totals.paidAmount)}, outstanding ${formatKes(data.totals.remainingAmount)}`
                : `${counted(data.total, data.totalExact, 'invoice')}: ${NARROW_FOR_TOTALS}`
            }
            rows={<InvoiceRows invoices={data.invoices} onPay={onPay} onCredit={onCredit} />}
            cards={<InvoiceCards invoices={data.invoices} onPay={onPay} onCredit={onCredit} />}
            footer={
              data.totals ? (
                <>
                  <TableCell colSpan={3}>Total ({counted(data.total, data.totalExact, 'invoice')})</TableCell>
                  <TableCell align="right">{formatKes(data.totals.amount)}</TableCell>
                  <TableCell align="right">{formatKes(data.totals.paidAmount)}</TableCell>
                  <TableCell align="right">{formatKes(data.totals.remainingAmount)}</TableCell>
                  <TableCell colSpan={2} />
                </>
              ) : (
                <TableCell colSpan={8}>
                  {counted(data.total, data.totalExact, 'invoice')}: {NARROW_FOR_TOTALS}
                </TableCell>
              )
            }
            count={data.total}
            estimated={!data.totalExact}
            paging={paging}
          />
        )}
      </ListState>
    </Box>
  );
}
