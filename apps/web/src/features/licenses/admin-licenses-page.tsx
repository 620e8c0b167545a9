import { Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type AdminLicense, LICENSE_STATUSES, type LicenseStatus } from '@portal/contract';
import { type ComponentProps, lazy, useState } from 'react';
import { licenseDate } from '../../shared/licenses/license-text';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SearchField } from '../../shared/ui/search-field';
import { SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { ServerTable, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { WhenOpened } from '../../shared/ui/when-opened';
import { type AdminLicenseFilter, useAdminLicenses } from './api';
import { LicenseStatusChip } from './components';
import { adminLicenseMoves, MOVE_LABELS } from './rules';
import type { StatusChange } from './status-dialog';

const LicenseStatusDialog = lazy(() => import('./status-dialog').then((m) => ({ default: m.LicenseStatusDialog })));

/** Next year (renewals open in November) back to five years ago. */
function yearOptions(now = new Date()) {
  const next = now.getFullYear() + 1;
  return Array.from({ length: 7 }, (_, i) => String(next - i)).map((y) => ({ value: y, label: y }));
}

function RowActions({ license, onChange }: { license: AdminLicense; onChange: (change: StatusChange) => void }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: { md: 'flex-end' }, flexWrap: 'wrap' }}>
      {adminLicenseMoves(license.status).map((status) => (
        <Button
          key={status}
          size="small"
          variant="outlined"
          color={status === 'Active' ? 'primary' : 'error'}
          onClick={() => onChange({ license, status })}
        >
          {MOVE_LABELS[status]}
        </Button>
      ))}
    </Stack>
  );
}

const COLUMNS: ServerTableColumn[] = [
  'Licence No',
  'Holder',
  'Member No',
  'Year',
  'Valid To',
  'Status',
  'Reason',
  { label: 'Actions', align: 'right' },
];

type LicenseRowProps = { license: AdminLicense; onChange: (change: StatusChange) => void };

function LicenseRow({ license: l, onChange }: LicenseRowProps) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{l.licenseNo}</TableCell>
      <TableCell>{l.holderName}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.memberNo ?? '—'}</TableCell>
      <TableCell>{l.year}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{licenseDate(l.validTo)}</TableCell>
      <TableCell>
        <LicenseStatusChip status={l.status} />
      </TableCell>
      <TableCell sx={{ maxWidth: 260 }}>{l.statusReason ?? '—'}</TableCell>
      <TableCell align="right">
        <RowActions license={l} onChange={onChange} />
      </TableCell>
    </TableRow>
  );
}

/** On a phone: number and year, the status, the holder, validity, the reason and the actions. */
function LicenseCard({ license: l, onChange }: LicenseRowProps) {
  return (
    <SummaryCard
      label={`Licence ${l.licenseNo}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {l.licenseNo} · {l.year}
        </Typography>
      }
      aside={<LicenseStatusChip status={l.status} />}
      title={`${l.holderName}${l.memberNo ? ` · ${l.memberNo}` : ''}`}
    >
      <Typography variant="body2">Valid to {licenseDate(l.validTo)}</Typography>
      {l.statusReason && (
        <Typography variant="body2" color="text.secondary">
          Reason: {l.statusReason}
        </Typography>
      )}
      <Box>
        <RowActions license={l} onChange={onChange} />
      </Box>
    </SummaryCard>
  );
}

interface LicenseListProps {
  /** Undefined until the first page arrives. */
  licenses: AdminLicense[] | undefined;
  refreshing: boolean;
  onChange: (change: StatusChange) => void;
  pagination: ComponentProps<typeof ServerPagination>;
}

/** The register's columns on a wide screen; on a phone a card a licence, then the pagination. */
function LicenseList({ licenses, refreshing, onChange, pagination }: LicenseListProps) {
  const phone = usePhoneCards();
  const empty = licenses?.length === 0 && 'No licences match.';
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {refreshing && <LinearProgress aria-label="Loading licences" />}
        {empty && <Typography color="text.secondary">{empty}</Typography>}
        {licenses?.map((l) => (
          <LicenseCard key={l.licenseNo} license={l} onChange={onChange} />
        ))}
        <ServerPagination {...pagination} />
      </Stack>
    );
  }
  return (
    <ServerTable label="Licences" refreshing={refreshing && 'Loading licences'} columns={COLUMNS} empty={empty} pagination={pagination}>
      {licenses?.map((l) => (
        <LicenseRow key={l.licenseNo} license={l} onChange={onChange} />
      ))}
    </ServerTable>
  );
}

/** /admin/licenses: the licence register with its filters, and suspend, revoke or reinstate with a reason. */
export function AdminLicensesPage() {
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<AdminLicenseFilter>({ status: '', year: '', search: '' });
  const [change, setChange] = useState<StatusChange | null>(null);
  const paging = usePaging(20);
  const licenses = useAdminLicenses(filter, paging.page + 1, paging.pageSize);

  function update(next: Partial<AdminLicenseFilter>) {
    setFilter((f) => ({ ...f, ...next }));
    paging.setPage(0);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Licences
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SelectFilter<LicenseStatus>
          label="Status"
          value={filter.status}
          onChange={(status) => update({ status })}
          all="All statuses"
          options={LICENSE_STATUSES.map((s) => ({ value: s, label: s }))}
          showEmpty
          sx={{ width: { sm: 180 } }}
        />
        <SelectFilter
          label="Year"
          value={filter.year}
          onChange={(year) => update({ year })}
          all="All years"
          options={yearOptions()}
          showEmpty
          sx={{ width: { sm: 140 } }}
        />
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ search: draft.trim() });
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        >
          <SearchField
            size="small"
            fullWidth
            label="Search licences"
            placeholder="Licence no, member no or name"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Box>
      </Stack>
      {licenses.error && <LazyAlert severity="error">{licenses.error.message}</LazyAlert>}
      {licenses.isLoading ? (
        <LoadingSpinner label="Loading licences" />
      ) : (
        <LicenseList
          licenses={licenses.data?.items}
          refreshing={licenses.isFetching}
          onChange={setChange}
          pagination={{ ...paging, count: licenses.data?.total ?? 0, options: [10, 20, 50, 100] }}
        />
      )}
      <WhenOpened open={Boolean(change)}>
        <LicenseStatusDialog change={change} onClose={() => setChange(null)} />
      </WhenOpened>
    </Stack>
  );
}
