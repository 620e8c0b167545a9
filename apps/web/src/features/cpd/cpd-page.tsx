import { CheckCircle, Description, HourglassTop, OpenInNew } from '@mui/icons-material';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type CpdAward, type CpdSummary, cpdMessages } from '@portal/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LiteChip } from '../../shared/lite/surfaces';
import { nairobiToday, shortDate } from '../../shared/payments/documents';
import { useSettings } from '../../shared/settings/use-settings';
import { Caption } from '../../shared/ui/caption';
import { LazyAlert } from '../../shared/ui/lazy-alert';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { TableScroller } from '../../shared/ui/table-scroller';
import { ActivitiesCard } from './activities-card';
import { useCpdSummary, useMyAwards } from './api';
import { awardsForYear, cpdProgress, formatPoints, totalPoints, yearsFrom } from './rules';

export const cpdCertificateRoute = (certificateNo: string) => `/cpd/certificate/${encodeURIComponent(certificateNo)}`;
export const cpdStatementRoute = (year: string) => `/cpd/statement/${encodeURIComponent(year)}`;

function ProgressBar({ value, met, label, height = 10 }: { value: number; met: boolean; label: string; height?: number }) {
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-label={label}
      height={height}
      track="#eeeeee"
      bar={met ? STATUS_COLORS.good : undefined}
    />
  );
}

/** The year's figures: total points, progress against the requirement, the structured share, what waits for approval. */
function ProgressCard({ summary }: { summary: CpdSummary }) {
  const progress = cpdProgress(summary);
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ minWidth: 160 }}>
            <Typography variant="body2" color="text.secondary">
              CPD points for {summary.year}
            </Typography>
            <Typography
              variant="h3"
              component="p"
              sx={{ fontWeight: 700, color: progress.met ? STATUS_COLORS.good : 'text.primary' }}
              data-testid="cpd-points"
            >
              {formatPoints(summary.points)}
            </Typography>
          </Box>
          <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {progress.met && <CheckCircle sx={{ color: STATUS_COLORS.good }} aria-hidden />}
              <Typography sx={{ fontWeight: 600, color: progress.met ? STATUS_COLORS.good : undefined }} data-testid="cpd-progress">
                {progress.headline}
              </Typography>
            </Stack>
            {progress.percent !== null && (
              <ProgressBar value={progress.percent} met={progress.met} label="Points against the requirement" />
            )}
            {progress.structured && progress.structuredPercent !== null && (
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  {progress.structured}
                </Typography>
                <ProgressBar
                  value={progress.structuredPercent}
                  met={summary.structuredRemaining === 0}
                  label="Structured points against the requirement"
                  height={6}
                />
              </Box>
            )}
            {!summary.requirement && <Typography color="text.secondary">{cpdMessages.noRequirement}</Typography>}
            {progress.pending && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: STATUS_COLORS.pending }}>
                <HourglassTop fontSize="small" aria-hidden />
                <Typography variant="body2" data-testid="cpd-pending">
                  {progress.pending}
                </Typography>
              </Stack>
            )}
          </Stack>
          {progress.met && (
            <Box sx={{ flexShrink: 0 }}>
              <Button
                variant="contained"
                color="success"
                startIcon={<Description />}
                component={RouterLink}
                to={cpdStatementRoute(summary.year)}
              >
                Download CPD statement
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function CertificateLink({ certificateNo }: { certificateNo: string }) {
  return (
    <Button
      size="small"
      variant="outlined"
      component="a"
      href={cpdCertificateRoute(certificateNo)}
      target="_blank"
      rel="noopener"
      endIcon={<OpenInNew fontSize="small" />}
      aria-label={`View certificate ${certificateNo}`}
    >
      View
    </Button>
  );
}

/** The list on a phone: one block per award, then the total. */
function AwardList({ rows }: { rows: CpdAward[] }) {
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5} aria-label="CPD points">
      {rows.map((a) => (
        <Box key={a.id} data-testid="cpd-award">
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography sx={{ fontWeight: 600 }}>{a.description}</Typography>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatPoints(a.pointAwarded)} pts</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[a.provider, a.location].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shortDate(a.eventDate)} to {shortDate(a.endDate)}
            {a.eventCode ? ` · ${a.eventCode}` : ''}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            {a.source === 'activity' && <LiteChip variant="outlined" label="Outside activity" />}
            {a.certificateNo && (
              <>
                <Typography variant="caption" color="text.secondary">
                  {a.certificateNo}
                </Typography>
                <CertificateLink certificateNo={a.certificateNo} />
              </>
            )}
          </Stack>
        </Box>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'space-between', fontWeight: 700 }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="cpd-total">
          {formatPoints(totalPoints(rows))}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** The spec's list (part 2 §2.1): the chosen year's awards with a total row and a view link to each certificate. */
function AwardsCard({ year }: { year: string }) {
  const awards = useMyAwards();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows: CpdAward[] = awardsForYear(awards.data ?? [], year);
  return (
    <Card>
      <CardHeader title={`CPD points ${year}`} slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {awards.isLoading && <LoadingSpinner label="Loading your CPD points" />}
        {awards.error && <LazyAlert severity="error">{awards.error.message}</LazyAlert>}
        {awards.data && rows.length === 0 && <Typography color="text.secondary">No CPD points recorded for {year}.</Typography>}
        {rows.length > 0 && phone && <AwardList rows={rows} />}
        {rows.length > 0 && !phone && (
          <TableScroller label={`CPD points ${year}`}>
            <Table
              size="small"
              aria-label={`CPD points ${year}`}
              sx={{ minWidth: 820, '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}
            >
              <TableHead sx={{ '& th': { fontWeight: 700 } }}>
                <TableRow>
                  <TableCell>Member No</TableCell>
                  <TableCell>Event Name</TableCell>
                  <TableCell>Provider</TableCell>
                  <TableCell>Location</TableCell>
                  <TableCell>Start Date</TableCell>
                  <TableCell>End Date</TableCell>
                  <TableCell align="right">CPD Points</TableCell>
                  <TableCell>Event Code</TableCell>
                  <TableCell>Certificate</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((a) => (
                  <TableRow key={a.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.memberNo ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 280 }}>
                      {a.description}
                      {a.source === 'activity' && <Caption>Outside activity</Caption>}
                    </TableCell>
                    <TableCell>{a.provider || '—'}</TableCell>
                    <TableCell>{a.location || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(a.eventDate)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(a.endDate)}</TableCell>
                    <TableCell align="right">{formatPoints(a.pointAwarded)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.eventCode ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 140, fontSize: '0.8rem' }}>{a.certificateNo ?? '—'}</TableCell>
                    <TableCell align="right">{a.certificateNo && <CertificateLink certificateNo={a.certificateNo} />}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                <TableRow>
                  <TableCell colSpan={6}>Total</TableCell>
                  <TableCell align="right" data-testid="cpd-total">
                    {formatPoints(totalPoints(rows))}
                  </TableCell>
                  <TableCell colSpan={3} />
                </TableRow>
              </TableFooter>
            </Table>
          </TableScroller>
        )}
      </CardContent>
    </Card>
  );
}

/** /cpd: My Cpd (part 2 §2.1) — the year's points and progress, the list of awards, and the member's outside activities. */
export function CpdPage() {
  const [params, setParams] = useSearchParams();
  const { minor } = useSettings();
  const thisYear = nairobiToday().slice(0, 4);
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? (params.get('year') as string) : thisYear;
  const summary = useCpdSummary(year);
  const listed = summary.data?.years ?? yearsFrom(minor.cpd_start_year, Number(thisYear));
  const years = listed.includes(year) ? listed : [year, ...listed];

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          My Cpd
        </Typography>
        <NativeSelectField
          size="small"
          label="Year"
          value={year}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value === thisYear) next.delete('year');
            else next.set('year', e.target.value);
            setParams(next, { replace: true });
          }}
          sx={{ width: 120 }}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelectField>
      </Stack>
      {summary.isFetching && summary.isPlaceholderData && <LinearProgress aria-label="Loading the year" />}
      {summary.isLoading && <LoadingSpinner label="Loading your CPD summary" />}
      {summary.error && (
        <LazyAlert severity="error" role="alert">
          {summary.error.message}
        </LazyAlert>
      )}
      {summary.data && <ProgressCard summary={summary.data} />}
      <AwardsCard year={year} />
      <ActivitiesCard />
    </Stack>
  );
}
