import { Download } from '@mui/icons-material';
import { Alert, Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { CPD_COMPLIANCE_LABELS, CPD_COMPLIANCE_STATUSES, type CpdComplianceStatus } from '@portal/contract';
import { useState } from 'react';
import { nairobiToday } from '../../shared/payments/documents';
import { useCategories, useSettings } from '../../shared/settings/use-settings';
import { Hint } from '../../shared/ui/hint';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { PlainTable } from '../../shared/ui/plain-table';
import { saveBlob } from '../../shared/ui/save-blob';
import { NativeSelectField, SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination } from '../../shared/ui/server-pagination';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { cpdApi, useCompliance } from './api';
import { COMPLIANCE_COLORS, ComplianceChip } from './components';
import { type ComplianceCategory, complianceCsvName, complianceSegments, formatPoints, yearsFrom } from './rules';

function Legend() {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Legend">
      {CPD_COMPLIANCE_STATUSES.map((s) => (
        <Stack key={s} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: COMPLIANCE_COLORS[s] }} />
          <Typography variant="body2">{CPD_COMPLIANCE_LABELS[s]}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** One category's stacked bar: the shares of its members on target, below target and with nothing. */
function CategoryBar({ category }: { category: ComplianceCategory }) {
  const segments = complianceSegments(category);
  const summary = segments.map((s) => `${s.count} ${CPD_COMPLIANCE_LABELS[s.status].toLowerCase()}`).join(', ');
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }}>
          {category.description}{' '}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            ({category.categoryCode} · {formatPoints(category.annualPoints)} points a year)
          </Typography>
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {category.members} member{category.members === 1 ? '' : 's'}
        </Typography>
      </Stack>
      <Box
        role="img"
        aria-label={`${category.description}: ${summary}`}
        sx={{ display: 'flex', height: 24, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100' }}
      >
        {segments
          .filter((s) => s.count > 0)
          .map((s) => (
            <Hint key={s.status} title={`${CPD_COMPLIANCE_LABELS[s.status]}: ${s.count} (${Math.round(s.percent)}%)`}>
              <Box
                sx={{
                  width: `${s.percent}%`,
                  bgcolor: COMPLIANCE_COLORS[s.status],
                  color: s.status === 'below' ? 'rgba(0,0,0,0.87)' : '#fff',
                  fontSize: 12,
                  fontWeight: 600,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  minWidth: 2,
                }}
              >
                {s.percent >= 8 ? s.count : ''}
              </Box>
            </Hint>
          ))}
      </Box>
    </Box>
  );
}

/** Compliance by year and category: a chart per category, the members with their state, paging and the CSV export. */
type ComplianceData = NonNullable<ReturnType<typeof useCompliance>['data']>;
type ComplianceMember = ComplianceData['members'][number];
type MembersProps = { members: ComplianceMember[]; categories: ComplianceData['categories'] };

const COLUMNS: ServerTableColumn[] = [
  'Member No',
  'Name',
  'Category',
  { label: 'Points', align: 'right' },
  { label: 'Structured', align: 'right' },
  { label: 'Required', align: 'right' },
  'Status',
];

const categoryName = (categories: MembersProps['categories'], code: string) =>
  categories.find((c) => c.categoryCode === code)?.description ?? code;

/** The members' columns on a wide screen; on a phone a card a member: number, status, name, category and points. */
function ComplianceMembers({ members, categories }: MembersProps) {
  if (usePhoneCards()) {
    return (
      <Stack spacing={1.5}>
        {members.map((m) => (
          <SummaryCard
            key={m.memberNo}
            label={`CPD of ${m.memberNo}`}
            head={
              <Typography variant="body2" color="text.secondary">
                {m.memberNo} · {categoryName(categories, m.categoryCode)}
              </Typography>
            }
            aside={<ComplianceChip status={m.status} />}
            title={m.name}
          >
            <Typography variant="body2">
              Points <strong>{formatPoints(m.points)}</strong> of {formatPoints(m.annualPoints)} required · Structured{' '}
              {formatPoints(m.structuredPoints)}
            </Typography>
          </SummaryCard>
        ))}
      </Stack>
    );
  }
  return (
    <PlainTable label="CPD compliance of members" sx={{ minWidth: 720 }} columns={COLUMNS}>
      {members.map((m) => (
        <TableRow key={m.memberNo} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.memberNo}</TableCell>
          <TableCell>{m.name}</TableCell>
          <TableCell>{categoryName(categories, m.categoryCode)}</TableCell>
          <TableCell align="right">{formatPoints(m.points)}</TableCell>
          <TableCell align="right">{formatPoints(m.structuredPoints)}</TableCell>
          <TableCell align="right">{formatPoints(m.annualPoints)}</TableCell>
          <TableCell>
            <ComplianceChip status={m.status} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

export function ComplianceTab() {
  const { minor } = useSettings();
  const categories = useCategories();
  const thisYear = nairobiToday().slice(0, 4);
  const years = yearsFrom(minor.cpd_start_year, Number(thisYear));
  const [year, setYear] = useState(thisYear);
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState<CpdComplianceStatus | ''>('');
  const [page, setPage] = useState(0);
  const compliance = useCompliance({ year, category, status, page: page + 1 });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const data = compliance.data;

  const filter = (apply: () => void) => {
    apply();
    setPage(0);
  };

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const file = await cpdApi.complianceCsv({ year, category, status });
      saveBlob(file.blob, file.fileName ?? complianceCsvName(year, category));
    } catch (e) {
      setExportError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        <NativeSelectField
          size="small"
          label="Year"
          value={year}
          onChange={(e) => filter(() => setYear(e.target.value))}
          sx={{ width: { sm: 120 } }}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelectField>
        <SelectFilter
          label="Category"
          value={category}
          onChange={(value) => filter(() => setCategory(value))}
          all="All categories"
          options={(categories.data ?? []).map((c) => ({ value: c.Code, label: c.Description }))}
          showEmpty
          sx={{ width: { sm: 260 } }}
        />
        <SelectFilter
          label="Status"
          value={status}
          onChange={(value) => filter(() => setStatus(value))}
          all="All"
          options={CPD_COMPLIANCE_STATUSES.map((s) => ({ value: s, label: CPD_COMPLIANCE_LABELS[s] }))}
          showEmpty
          sx={{ width: { sm: 190 } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </Stack>
      {exporting && <LinearProgress aria-label="Exporting" sx={{ mb: 1 }} />}
      {exportError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      {compliance.isFetching && <LinearProgress aria-label="Loading compliance" sx={{ mb: 1 }} />}
      {compliance.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {compliance.error.message}
        </Alert>
      )}
      {data && (
        <Stack spacing={3}>
          <Box component="section" aria-label={`CPD compliance ${data.year} by category`}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
            >
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                Members by category, {data.year}
              </Typography>
              <Legend />
            </Stack>
            {data.categories.length === 0 ? (
              <Typography color="text.secondary">No category has a CPD requirement.</Typography>
            ) : (
              <Stack spacing={1.5}>
                {data.categories.map((c) => (
                  <CategoryBar key={c.categoryCode} category={c} />
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Members
            </Typography>
            {data.members.length === 0 ? (
              <Typography color="text.secondary">No members match these filters.</Typography>
            ) : (
              <ComplianceMembers members={data.members} categories={data.categories} />
            )}
            <ServerPagination
              count={data.total}
              page={page}
              pageSize={data.pageSize}
              options={[data.pageSize]}
              onChange={(p) => setPage(p)}
            />
          </Box>
        </Stack>
      )}
    </Box>
  );
}
