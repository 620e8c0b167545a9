import { AddCard, EventRepeat, RemoveCircleOutline, Search } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BILLING_INVOICE_PURPOSES, type BillingRun, formatKes, formatPhone } from '@portal/contract';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { DateField } from '../../shared/ui/date-field';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { HeaderRow, type ServerTableColumn } from '../../shared/ui/server-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useToast } from '../../shared/ui/toast';
import { useAdminArrears, useAdminInvoices, useAdminPayments, useBillingRuns } from './api';
import { type CreditNoteDefaults, CreditNoteDialog, ManualPaymentDialog, type PaymentDefaults, RunBillingDialog } from './dialogs';

/** '1 invoice', '3 invoices'. */
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const PAGE_SIZES = [20, 50, 100];

/** A search box that asks the server once typing pauses. */
function useDebounced(value: string, ms = 350) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function SearchField({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: 300 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function Filter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width: 170 }}>
      <MenuItem value="">All</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ListState({ loading, error, empty, children }: { loading: boolean; error: Error | null; empty: boolean; children: ReactNode }) {
  return (
    <>
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label="Loading" />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {empty && !loading && !error ? <Typography color="text.secondary">Nothing found.</Typography> : children}
    </>
  );
}

/** A tab's page and page size; any change of `filters` starts again on the first page. */
function useFilteredPaging(...filters: string[]) {
  const paging = usePaging(PAGE_SIZES[0]);
  const filtersKey = JSON.stringify(filters);
  const [lastFiltersKey, setLastFiltersKey] = useState(filtersKey);
  // Reset while rendering, so no request goes out for the old page under the new filters.
  if (filtersKey !== lastFiltersKey) {
    setLastFiltersKey(filtersKey);
    paging.setPage(0);
    return { ...paging, page: 0 };
  }
  return paging;
}

type Paging = ReturnType<typeof useFilteredPaging>;

/**
 * A tab's list and the server pagination below. On a wide screen a table: bold header, the `rows`, a bold `footer`
 * of totals. On a phone the `cards`, one a row, with the totals as one bold line (`total`) above them.
 */
function PagedList({
  label,
  columns,
  footer,
  rows,
  total,
  cards,
  count,
  paging,
}: {
  label: string;
  /** Column headers; amounts are right-aligned. */
  columns: ServerTableColumn[];
  footer: ReactNode;
  rows: ReactNode;
  total: string;
  cards: ReactNode;
  count: number;
  paging: Paging;
}) {
  const phone = usePhoneCards();
  return (
    <>
      {phone ? (
        <Stack spacing={1.5}>
          <Typography sx={{ fontWeight: 700 }}>{total}</Typography>
          {cards}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead sx={{ '& th': { fontWeight: 700 } }}>
              <HeaderRow columns={columns} />
            </TableHead>
            <TableBody>{rows}</TableBody>
            <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableRow>{footer}</TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
      <ServerPagination count={count} page={paging.page} pageSize={paging.pageSize} options={PAGE_SIZES} onChange={paging.onChange} />
    </>
  );
}

/** An action: an icon with a tooltip in the table, a labelled button on a phone (no tooltips under a finger). */
function RowAction({
  label,
  hint,
  icon,
  primary,
  onClick,
}: {
  label: string;
  hint: string;
  icon: ReactElement;
  primary?: boolean;
  onClick: () => void;
}) {
  const phone = usePhoneCards();
  if (phone) {
    return (
      <Button size="small" variant="outlined" color={primary ? 'primary' : 'inherit'} startIcon={icon} aria-label={label} onClick={onClick}>
        {hint}
      </Button>
    );
  }
  return (
    <Tooltip title={hint}>
      <IconButton size="small" color={primary ? 'primary' : 'default'} aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** A member on a card: the name, then the member number (else the profile id). */
const memberTitle = (name: string, memberNo: string | null, profileId: string) => `${name} · ${memberNo ?? profileId}`;

const right = (label: string) => ({ label, align: 'right' as const });

/** The member's name, with the member number (else the profile id) below it. */
function MemberCell({ name, memberNo, profileId }: { name: string; memberNo: string | null; profileId: string }) {
  return (
    <TableCell>
      {name}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {memberNo ?? profileId}
      </Typography>
    </TableCell>
  );
}

function AmountCell({ amount }: { amount: number }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {formatKes(amount)}
    </TableCell>
  );
}

const capitalise = (s: string) => s.slice(0, 1).toUpperCase() + s.slice(1);

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
    <Chip
      size="small"
      label={paid ? 'Paid' : invoice.overdue ? 'Overdue' : 'Open'}
      sx={{ color: '#fff', bgcolor: paid ? STATUS_COLORS.good : invoice.overdue ? STATUS_COLORS.bad : STATUS_COLORS.pending }}
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

function InvoicesTab({ onPay, onCredit }: { onPay: (d: PaymentDefaults) => void; onCredit: (d: CreditNoteDefaults) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [purpose, setPurpose] = useState('');
  const [period, setPeriod] = useState('');
  const term = useDebounced(search);
  const year = useDebounced(period);
  const paging = useFilteredPaging(term, status, purpose, year);
  const { page, pageSize } = paging;
  const list = useAdminInvoices({
    search: term,
    status: (status || undefined) as 'open' | 'paid' | undefined,
    purpose: (purpose || undefined) as (typeof BILLING_INVOICE_PURPOSES)[number] | undefined,
    period: /^\d{4}$/.test(year) ? year : undefined,
    page: page + 1,
    pageSize,
  });
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
        <TextField
          size="small"
          label="Subscription year"
          value={period}
          onChange={(e) => setPeriod(e.target.value.replace(/\D/g, '').slice(0, 4))}
          sx={{ width: 170 }}
        />
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.invoices.length === 0}>
        {data && data.invoices.length > 0 && (
          <PagedList
            label="Invoices"
            columns={INVOICE_COLUMNS}
            total={`Total (${plural(data.total, 'invoice')}): ${formatKes(data.totals.amount)}, paid ${formatKes(data.totals.paidAmount)}, outstanding ${formatKes(data.totals.remainingAmount)}`}
            rows={<InvoiceRows invoices={data.invoices} onPay={onPay} onCredit={onCredit} />}
            cards={<InvoiceCards invoices={data.invoices} onPay={onPay} onCredit={onCredit} />}
            footer={
              <>
                <TableCell colSpan={3}>Total ({plural(data.total, 'invoice')})</TableCell>
                <TableCell align="right">{formatKes(data.totals.amount)}</TableCell>
                <TableCell align="right">{formatKes(data.totals.paidAmount)}</TableCell>
                <TableCell align="right">{formatKes(data.totals.remainingAmount)}</TableCell>
                <TableCell colSpan={2} />
              </>
            }
            count={data.total}
            paging={paging}
          />
        )}
      </ListState>
    </Box>
  );
}

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

function PaymentsTab() {
  const [search, setSearch] = useState('');
  const [method, setMethod] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const term = useDebounced(search);
  const paging = useFilteredPaging(term, method, from, to);
  const { page, pageSize } = paging;
  const list = useAdminPayments({
    search: term,
    method: (method || undefined) as 'MPESA' | 'CARD' | 'BANK' | 'CHEQUE' | undefined,
    from: from || undefined,
    to: to || undefined,
    page: page + 1,
    pageSize,
  });
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
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.payments.length === 0}>
        {data && data.payments.length > 0 && (
          <PagedList
            label="Payments"
            columns={['Receipt', 'Paid on', 'Member', 'Method', 'Reference', 'Applied to', right('Amount'), right('Unapplied')]}
            total={`Total (${plural(data.total, 'payment')}): ${formatKes(data.totals.amount)}, unapplied ${formatKes(data.totals.unappliedAmount)}`}
            rows={<PaymentRows payments={data.payments} />}
            cards={<PaymentCards payments={data.payments} />}
            footer={
              <>
                <TableCell colSpan={6}>Total ({plural(data.total, 'payment')})</TableCell>
                <TableCell align="right">{formatKes(data.totals.amount)}</TableCell>
                <TableCell align="right">{formatKes(data.totals.unappliedAmount)}</TableCell>
              </>
            }
            count={data.total}
            paging={paging}
          />
        )}
      </ListState>
    </Box>
  );
}

type ArrearsMember = NonNullable<ReturnType<typeof useAdminArrears>['data']>['members'][number];
type ArrearsListProps = { members: ArrearsMember[]; onPay: (d: PaymentDefaults) => void };

/** Record a payment for a member's arrears (members without a number cannot pay yet). */
function ArrearsAction({ member, onPay }: { member: ArrearsMember; onPay: (d: PaymentDefaults) => void }) {
  if (!member.memberNo) return null;
  return (
    <RowAction
      primary
      label={`Record payment for ${member.memberNo}`}
      hint="Record payment"
      icon={<AddCard fontSize="small" />}
      onClick={() => onPay({ memberNo: member.memberNo, amount: member.arrears })}
    />
  );
}

function ArrearsRows({ members, onPay }: ArrearsListProps) {
  return members.map((m) => (
    <TableRow key={m.profileId} hover>
      <MemberCell name={m.name} memberNo={m.memberNo} profileId={m.profileId} />
      <TableCell>{m.category ?? '—'}</TableCell>
      <TableCell>
        <Typography variant="body2">{m.email ?? '—'}</Typography>
        <Typography variant="caption" color="text.secondary">
          {formatPhone(m.phoneNo)}
        </Typography>
      </TableCell>
      <TableCell align="right">{m.overdueInvoices}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(m.oldestDueDate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'error.main', fontWeight: 700 }}>
        {formatKes(m.arrears)}
      </TableCell>
      <TableCell>
        <ArrearsAction member={m} onPay={onPay} />
      </TableCell>
    </TableRow>
  ));
}

/** On a phone each member in arrears is a card: the arrears, the overdue invoices, how to reach them and the action. */
function ArrearsCards({ members, onPay }: ArrearsListProps) {
  return members.map((m) => (
    <SummaryCard
      key={m.profileId}
      label={`Arrears of ${m.memberNo ?? m.profileId}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {m.memberNo ?? m.profileId}
          {m.category && ` · ${m.category}`}
        </Typography>
      }
      aside={<Typography sx={{ whiteSpace: 'nowrap', color: 'error.main', fontWeight: 700 }}>{formatKes(m.arrears)}</Typography>}
      title={m.name}
    >
      <Typography variant="body2">
        {plural(m.overdueInvoices, 'overdue invoice')}, oldest due {shortDate(m.oldestDueDate)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[m.email, formatPhone(m.phoneNo)].filter(Boolean).join(' · ') || '—'}
      </Typography>
      <Box>
        <ArrearsAction member={m} onPay={onPay} />
      </Box>
    </SummaryCard>
  ));
}

function ArrearsTab({ onPay }: { onPay: (d: PaymentDefaults) => void }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const term = useDebounced(search);
  const cat = useDebounced(category);
  const paging = useFilteredPaging(term, cat);
  const { page, pageSize } = paging;
  const list = useAdminArrears({ search: term, category: cat, page: page + 1, pageSize });
  const data = list.data;
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <SearchField label="Member or name" value={search} onChange={setSearch} />
        <TextField
          size="small"
          label="Category code"
          value={category}
          onChange={(e) => setCategory(e.target.value.toUpperCase())}
          sx={{ width: 170 }}
        />
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.members.length === 0}>
        {data && data.members.length > 0 && (
          <PagedList
            label="Arrears"
            columns={['Member', 'Category', 'Contact', right('Overdue invoices'), 'Oldest due', right('Arrears'), 'Actions']}
            total={`Total (${plural(data.totals.members, 'member')} in arrears): ${formatKes(data.totals.arrears)}`}
            rows={<ArrearsRows members={data.members} onPay={onPay} />}
            cards={<ArrearsCards members={data.members} onPay={onPay} />}
            footer={
              <>
                <TableCell colSpan={5}>Total ({plural(data.totals.members, 'member')} in arrears)</TableCell>
                <TableCell align="right">{formatKes(data.totals.arrears)}</TableCell>
                <TableCell />
              </>
            }
            count={data.total}
            paging={paging}
          />
        )}
      </ListState>
    </Box>
  );
}

function LastRun({ run }: { run: BillingRun | undefined }) {
  if (!run) return <Typography color="text.secondary">No billing run yet.</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      Last run: {run.period} on {shortDate(run.startedAt)}
      {run.runBy ? ` by ${run.runBy}` : ''} — {run.billedCount} billed, {run.skippedCount} skipped, {formatKes(run.totalAmount)}
    </Typography>
  );
}

const TABS = ['Invoices', 'Payments', 'Arrears'] as const;

/** /admin/billing: the yearly billing run, invoices, payments and arrears with totals, manual payments and credit notes. */
export function AdminBillingPage() {
  const toast = useToast();
  const runs = useBillingRuns();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Invoices');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentDefaults | null>(null);
  const [credit, setCredit] = useState<CreditNoteDefaults | null>(null);

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                Billing
              </Typography>
              <LastRun run={runs.data?.[0]} />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<EventRepeat />} onClick={() => setRunning(true)}>
                Run billing
              </Button>
              <Button variant="outlined" startIcon={<AddCard />} onClick={() => setPayment({})}>
                Record payment
              </Button>
              <Button variant="outlined" startIcon={<RemoveCircleOutline />} onClick={() => setCredit({})}>
                Issue credit note
              </Button>
            </Stack>
          </Stack>
          {result && (
            <Alert severity="success" sx={{ mt: 2 }} onClose={() => setResult(null)} role="status">
              {result}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <Tabs value={tab} onChange={(_, t) => setTab(t)} aria-label="Billing lists" sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={t} />
          ))}
        </Tabs>
        <CardContent>
          {tab === 'Invoices' && <InvoicesTab onPay={setPayment} onCredit={setCredit} />}
          {tab === 'Payments' && <PaymentsTab />}
          {tab === 'Arrears' && <ArrearsTab onPay={setPayment} />}
        </CardContent>
      </Card>
      <RunBillingDialog open={running} onClose={() => setRunning(false)} onDone={setResult} />
      <ManualPaymentDialog defaults={payment} onClose={() => setPayment(null)} onDone={(m) => toast(m)} />
      <CreditNoteDialog defaults={credit} onClose={() => setCredit(null)} onDone={(m) => toast(m)} />
    </Stack>
  );
}
