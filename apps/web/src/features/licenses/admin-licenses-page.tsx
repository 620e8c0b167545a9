import { Alert, Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type AdminLicense, LICENSE_STATUSES, type LicenseStatus } from '@portal/contract';
import { useState } from 'react';
import { licenseDate } from '../../shared/licenses/license-text';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SearchField } from '../../shared/ui/search-field';
import { SelectFilter } from '../../shared/ui/select-filter';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerTable } from '../../shared/ui/server-table';
import { type AdminLicenseFilter, useAdminLicenses } from './api';
import { LicenseStatusChip } from './components';
import { adminLicenseMoves, MOVE_LABELS } from './rules';
import { LicenseStatusDialog, type StatusChange } from './status-dialog';

/** Next year (renewals open in November) back to five years ago. */
function yearOptions(now = new Date()) {
  const next = now.getFullYear() + 1;
  return Array.from({ length: 7 }, (_, i) => String(next - i)).map((y) => ({ value: y, label: y }));
}

function RowActions({ license, onChange }: { license: AdminLicense; onChange: (change: StatusChange) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
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
      {licenses.error && <Alert severity="error">{licenses.error.message}</Alert>}
      {licenses.isLoading ? (
        <LoadingSpinner label="Loading licences" />
      ) : (
        <ServerTable
          label="Licences"
          refreshing={licenses.isFetching && 'Loading licences'}
          columns={['Licence No', 'Holder', 'Member No', 'Year', 'Valid To', 'Status', 'Reason', { label: 'Actions', align: 'right' }]}
          empty={licenses.data?.items.length === 0 && 'No licences match.'}
          pagination={{ ...paging, count: licenses.data?.total ?? 0, options: [10, 20, 50, 100] }}
        >
          {licenses.data?.items.map((l) => (
            <TableRow key={l.licenseNo} hover>
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
                <RowActions license={l} onChange={setChange} />
              </TableCell>
            </TableRow>
          ))}
        </ServerTable>
      )}
      <LicenseStatusDialog change={change} onClose={() => setChange(null)} />
    </Stack>
  );
}
