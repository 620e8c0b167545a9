import { Alert, Card, CardContent, CardHeader, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type Application, applicationStatusLabel, formatDate, formatKes } from '@portal/contract';
import { useMyApplications } from '../../shared/member/queries';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';

const COLUMNS: ServerTableColumn[] = [
  'Application No',
  'Applied Category',
  { label: 'Amount', align: 'right' },
  'Application Date',
  'Status',
];

const applicationDate = (a: Application) => formatDate(a.ApplicationDateTime);

function StatusChip({ application }: { application: Application }) {
  const { status } = application;
  return (
    <Chip
      size="small"
      label={applicationStatusLabel(status)}
      color={status === 'Released' ? 'success' : status === 'Rejected' ? 'error' : 'default'}
    />
  );
}

function ApplicationRows({ applications }: { applications: Application[] }) {
  return (
    <PlainTable label="My Membership Applications" columns={COLUMNS}>
      {applications.map((a) => (
        <TableRow key={a.Code}>
          <TableCell>{a.Code}</TableCell>
          <TableCell>{a.CategoryDescription}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(a.Amount)}
          </TableCell>
          <TableCell>{applicationDate(a)}</TableCell>
          <TableCell>
            <StatusChip application={a} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each application is a card: its number and date, its status, the category and the amount. */
function ApplicationCards({ applications }: { applications: Application[] }) {
  return (
    <Stack spacing={1.5}>
      {applications.map((a) => (
        <SummaryCard
          key={a.Code}
          label={`Application ${a.Code}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {a.Code} · {applicationDate(a)}
            </Typography>
          }
          aside={<StatusChip application={a} />}
          title={a.CategoryDescription}
        >
          <Typography variant="body2">Amount {formatKes(a.Amount)}</Typography>
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** The dashboard's My Membership Applications (part 1 §2): a table on wide screens, cards on a phone. */
export function MyApplications() {
  const applications = useMyApplications();
  const phone = usePhoneCards();
  const rows = applications.data ?? [];
  return (
    <Card>
      <CardHeader title="My Membership Applications" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
      <CardContent>
        {applications.isLoading && <LoadingSpinner />}
        {applications.error && <Alert severity="error">{applications.error.message}</Alert>}
        {applications.data?.length === 0 && <Typography color="text.secondary">You have no applications.</Typography>}
        {rows.length > 0 && (phone ? <ApplicationCards applications={rows} /> : <ApplicationRows applications={rows} />)}
      </CardContent>
    </Card>
  );
}
