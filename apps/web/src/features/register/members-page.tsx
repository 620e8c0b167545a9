import { UploadFile } from '@mui/icons-material';
import { Box, Button, Card, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  type AdminMember,
  formatDate,
  formatPhone,
  IMPORT_COLUMNS,
  type ImportReport,
  MEMBERSHIP_STATUSES,
  registerMessages,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useRef, useState } from 'react';
import { LiteChip } from '../../shared/lite/surfaces';
import { useCategories } from '../../shared/settings/use-settings';
import { ExportMenu } from '../../shared/ui/export-menu';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SearchField } from '../../shared/ui/search-field';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { ServerTable } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { TableScroller } from '../../shared/ui/table-scroller';
import { useToast } from '../../shared/ui/toast';
import { UploadProgress } from '../../shared/ui/upload-progress';
import { importMembers, type MembersFilter, useMembers } from './api';
import { StatusChip } from './status-chip';

const REPORT_PAGE = 50;

/** Rows of the import report, a page of 50 at a time: a whole register's import can list thousands. */
function ReportRows({ label, rows, reasonHeader }: { label: string; rows: ImportReport['rows']; reasonHeader: string }) {
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * REPORT_PAGE, (page + 1) * REPORT_PAGE);
  return (
    <Box>
      <TableScroller label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Member No</TableCell>
              <TableCell>{reasonHeader}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{r.memberNo || '—'}</TableCell>
                <TableCell>{r.result === 'created' ? 'New member' : r.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroller>
      {rows.length > REPORT_PAGE && (
        <ServerPagination count={rows.length} page={page} pageSize={REPORT_PAGE} options={[REPORT_PAGE]} onChange={(p) => setPage(p)} />
      )}
    </Box>
  );
}

function ImportReportView({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const refused = report.rows.filter((r) => r.result === 'refused');
  const changed = report.rows.filter((r) => r.result !== 'refused');
  const counts = [
    { label: 'Created', value: report.created, color: 'primary' as const },
    { label: 'Updated', value: report.updated, color: 'info' as const },
    { label: 'Unchanged', value: report.unchanged, color: 'default' as const },
    { label: 'Refused', value: report.refused, color: report.refused ? ('error' as const) : ('default' as const) },
  ];
  return (
    <Card sx={{ p: 2 }} aria-label="Import report">
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Import of {report.fileName}
          </Typography>
          <Button onClick={onClose}>Close report</Button>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {counts.map((c) => (
            <LiteChip
              key={c.label}
              size="medium"
              label={`${c.label}: ${c.value}`}
              {...(c.color === 'info' ? { bg: 'var(--lt-info)', fg: 'var(--lt-on-info)' } : { color: c.color })}
            />
          ))}
        </Stack>
        {refused.length > 0 ? (
          <ReportRows label="Refused rows" rows={refused} reasonHeader="Why it was refused" />
        ) : (
          <Typography color="text.secondary">Every row was imported or already up to date.</Typography>
        )}
        {changed.length > 0 && <ReportRows label="Created and updated rows" rows={changed} reasonHeader="What changed" />}
      </Stack>
    </Card>
  );
}

/** /admin/members: the register (every status), with search, filters, and the CSV import. */
const COLUMNS = ['Member No', 'Name', 'Category', 'Discipline', 'Status', 'Registered', 'E-mail', 'Phone', 'ID Number', 'Account'];

const fullName = (m: AdminMember) => [m.FirstName, m.SecondName, m.LastName].filter(Boolean).join(' ');
const account = (m: AdminMember) => (m.hasAccount ? 'Activated' : 'Not yet');

function MemberRow({ member: m }: { member: AdminMember }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.MemberNo}</TableCell>
      <TableCell>{fullName(m)}</TableCell>
      <TableCell>{m.CategoryDescription ?? m.Category}</TableCell>
      <TableCell>{m.Discipline ?? '—'}</TableCell>
      <TableCell>
        <StatusChip status={m.Status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.RegistrationDate) || '—'}</TableCell>
      <TableCell>{m.Email ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(m.PhoneNo) || '—'}</TableCell>
      <TableCell>{m.IdentificationDocumentNo ?? '—'}</TableCell>
      <TableCell>{account(m)}</TableCell>
    </TableRow>
  );
}

/** On a phone: number and category, the status, the name, discipline and registration, contacts and account. */
function MemberCard({ member: m }: { member: AdminMember }) {
  return (
    <SummaryCard
      label={`Member ${m.MemberNo}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {m.MemberNo} · {m.CategoryDescription ?? m.Category}
        </Typography>
      }
      aside={<StatusChip status={m.Status} />}
      title={fullName(m)}
    >
      <Typography variant="body2">
        {[m.Discipline, m.RegistrationDate && `Registered ${formatDate(m.RegistrationDate)}`].filter(Boolean).join(' · ') || '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[m.Email, formatPhone(m.PhoneNo), m.IdentificationDocumentNo && `ID ${m.IdentificationDocumentNo}`].filter(Boolean).join(' · ') ||
          '—'}
      </Typography>
      <Typography variant="body2">Account: {account(m)}</Typography>
    </SummaryCard>
  );
}

interface MemberListProps {
  /** Undefined until the first page arrives. */
  members: AdminMember[] | undefined;
  refreshing: boolean;
  pagination: ComponentProps<typeof ServerPagination>;
}

/** The register's columns on a wide screen; on a phone a card a member, then the pagination. */
function MemberList({ members, refreshing, pagination }: MemberListProps) {
  const phone = usePhoneCards();
  const empty = members?.length === 0 && 'No members match.';
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {refreshing && <LinearProgress aria-label="Loading members" />}
        {empty && <Typography color="text.secondary">{empty}</Typography>}
        {members?.map((m) => (
          <MemberCard key={m.ProfileID} member={m} />
        ))}
        <ServerPagination {...pagination} />
      </Stack>
    );
  }
  return (
    <ServerTable label="Members" refreshing={refreshing && 'Loading members'} columns={COLUMNS} empty={empty} pagination={pagination}>
      {members?.map((m) => (
        <MemberRow key={m.ProfileID} member={m} />
      ))}
    </ServerTable>
  );
}

export function MembersPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const categories = useCategories();
  const [input, setInput] = useState('');
  const [filter, setFilter] = useState<MembersFilter>({ search: '', category: '', status: '' });
  const paging = usePaging(20);
  const { page, pageSize, setPage } = paging;
  const members = useMembers(filter, page + 1, pageSize);
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [importError, setImportError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importing = progress !== undefined;

  function update(next: Partial<MembersFilter>) {
    setFilter((f) => ({ ...f, ...next }));
    setPage(0);
  }

  async function upload(file: File) {
    setImportError(null);
    setReport(null);
    setProgress(0);
    try {
      const result = await importMembers(file, setProgress);
      setReport(result);
      toast(registerMessages.imported(result));
      await queryClient.invalidateQueries({ queryKey: ['admin-members'] });
      await queryClient.invalidateQueries({ queryKey: ['register-stats'] });
    } catch (error) {
      setImportError((error as Error).message);
    } finally {
      setProgress(undefined);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Members
        </Typography>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="Register CSV file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="contained" startIcon={<UploadFile />} disabled={importing} onClick={() => fileInput.current?.click()}>
          Import CSV
        </Button>
        <ExportMenu list="members" filters={filter} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Import the body's register as CSV with the columns {IMPORT_COLUMNS.join(', ')}. Rows are matched by MemberNo: new members are
        created, changed ones updated; importing the same file again changes nothing. Imported members then activate their own accounts.
      </Typography>
      <UploadProgress progress={progress} checking="Checking and importing the rows…" label="Import progress" />
      {importError && (
        <LazyAlert severity="error" onClose={() => setImportError(null)}>
          {importError}
        </LazyAlert>
      )}
      {report && <ImportReportView report={report} onClose={() => setReport(null)} />}
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: input.trim() });
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
      >
        <SearchField
          label="Search members"
          placeholder="Name, member number, e-mail or ID number"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          fullWidth={false}
          sx={{ minWidth: 320, flexGrow: 1, maxWidth: 480 }}
        />
        <NativeSelectField
          fullWidth={false}
          label="Category"
          value={filter.category}
          onChange={(e) => update({ category: e.target.value })}
          sx={{ minWidth: 220 }}
        >
          <option value="">All categories</option>
          {categories.data?.map((c) => (
            <option key={c.Code} value={c.Code}>
              {c.Description}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField
          fullWidth={false}
          label="Status"
          value={filter.status}
          onChange={(e) => update({ status: e.target.value })}
          sx={{ minWidth: 160 }}
        >
          <option value="">All statuses</option>
          {MEMBERSHIP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelectField>
      </Box>
      {members.error && <LazyAlert severity="warning">{members.error.message}</LazyAlert>}
      {members.isLoading ? (
        <LoadingSpinner />
      ) : (
        <MemberList
          members={members.data?.members}
          refreshing={members.isFetching}
          pagination={{ ...paging, count: members.data?.total ?? 0, options: [10, 20, 50, 100] }}
        />
      )}
    </Stack>
  );
}
