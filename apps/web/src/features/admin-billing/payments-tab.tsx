import { Box, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes } from '@portal/contract';
import { useState } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { DateField } from '../../shared/ui/date-field';
import { ExportMenu } from '../../shared/ui/export-menu';
import { SummaryCard } from '../../shared/ui/summary-card';
import { useDebounced } from '../../shared/ui/use-debounced';
import { useAdminPayments } from './api';
import {
  AmountCell,
  counted,
  Filter,
  ListState,
  MemberCell,
  memberTitle,
  NARROW_FOR_TOTALS,
  PagedList,
  right,
  SearchField,
  useFilteredPaging,
} from './list-parts';

type AdminPayment = NonNullable<ReturnType<typeof useAdminPayments>['data']>['payments'][number];

/** The invoices a payment settled, one a line, or '—'. */
function AppliedTo({ payment }: { payment: AdminPayment }) {
  if (payment.appliedTo.length === 0) return '—';
  return payment.appliedTo.map((a) => (
    <Typography key={a.invoiceNo} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {a.invoiceNo}: {formatKes(a.amount)}
    </Typography>
  ));
}

function PaymentRows({ payments }: { payments: AdminPayment[] }) {
  return payments.map((p) => (
    <TableRow key={p.receiptNo} hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.receiptNo}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(p.paidOn)}</TableCell>
      <MemberCell name={p.name} memberNo={p.memberNo} profileId={p.profileId} />
      <TableCell>{p.method ?? '—'}</TableCell>
      <TableCell>{p.reference ?? '—'}</TableCell>
      <TableCell>
        <AppliedTo payment={p} />
      </TableCell>
      <AmountCell amount={p.amount} />
      <AmountCell amount={p.unappliedAmount} />
    </TableRow>
  ));
}

/** On a phone each payment is a card: receipt, date and method, the member, the amount and what it paid. */
function PaymentCards({ payments }: { payments: AdminPayment[] }) {
  return payments.map((p) => (
    <SummaryCard
      key={p.receiptNo}
      label={`Payment ${p.receiptNo}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {p.receiptNo} · {shortDate(p.paidOn)}
        </Typography>
      }
      aside={<Chip size="small" variant="outlined" label={p.method ?? '—'} />}
      title={memberTitle(p.name, p.memberNo, p.profileId)}
    >
      <Typography variant="body2">
        Amount <strong>{formatKes(p.amount)}</strong> · Unapplied {formatKes(p.unappliedAmount)}
      </Typography>
      {p.reference && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Reference {p.reference}
        </Typography>
      )}
      <Box>
        <Typography variant="caption" color="text.secondary">
          Applied to
        </Typography>
        <AppliedTo payment={p} />
      </Box>
    </SummaryCard>
  ));
}

export function PaymentsTab() {
  const [search, setSearch] = useState('');
  const [method, setMethod] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const term = useDebounced(search);
  const paging = useFilteredPaging(term, method, from, to);
  const { page, pageSize } = paging;
  const filters = {
    search: term,
    method: (method || undefined) as 'MPESA' | 'CARD' | 'BANK' | 'CHEQUE' | undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useAdminPayments({ ...filters, page: page + 1, pageSize });
  const data = list.data;
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <SearchField label="Member, name, receipt or reference" value={search} onChange={setSearch} />
        <Filter
          label="Method"
          value={method}
          onChange={setMethod}
          options={['MPESA', 'CARD', 'BANK', 'CHEQUE'].map((m) => ({ value: m, label: m }))}
        />
        <DateField size="small" label="From" value={from} onChange={(e) => setFrom(e.target.value)} sx={{ width: 170 }} />
        <DateField size="small" label="To" value={to} onChange={(e) => setTo(e.target.value)} />
        <Box sx={{ ml: 'auto' }}>
          <ExportMenu list="payments" filters={filters} />
        </Box>
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.payments.length === 0}>
        {data && data.payments.length > 0 && (
          <PagedList
            label="Payments"
            columns={['Receipt', 'Paid on', 'Member', 'Method', 'Reference', 'Applied to', right('Amount'), right('Unapplied')]}
            total={
              data.totals
                ? `Total (${counted(data.total, data.totalExact, 'payment')}): ${formatKes(data.totals.amount)}, unapplied ${formatKes(data.totals.unappliedAmount)}`
                : `${counted(data.total, data.totalExact, 'payment')}: ${NARROW_FOR_TOTALS}`
            }
            rows={<PaymentRows payments={data.payments} />}
            cards={<PaymentCards payments={data.payments} />}
            footer={
              data.totals ? (
                <>
                  <TableCell colSpan={6}>Total ({counted(data.total, data.totalExact, 'payment')})</TableCell>
                  <TableCell align="right">{formatKes(data.totals.amount)}</TableCell>
                  <TableCell align="right">{formatKes(data.totals.unappliedAmount)}</TableCell>
                </>
              ) : (
                <TableCell colSpan={8}>
                  {counted(data.total, data.totalExact, 'payment')}: {NARROW_FOR_TOTALS}
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
