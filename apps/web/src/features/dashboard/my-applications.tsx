import { type Application, applicationStatusLabel, formatDate, formatKes } from '@portal/contract';
import { LiteAlert, LiteCard, LiteCardContent, LiteCardHeader, LiteChip } from '../../shared/lite/surfaces';
import { LiteTable, type TableColumn } from '../../shared/lite/table';
import { useMyApplications } from '../../shared/member/queries';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';

const COLUMNS: TableColumn[] = ['Application No', 'Applied Category', { label: 'Amount', align: 'right' }, 'Application Date', 'Status'];

const applicationDate = (a: Application) => formatDate(a.ApplicationDateTime);

function StatusChip({ application }: { application: Application }) {
  const { status } = application;
  return (
    <LiteChip
      label={applicationStatusLabel(status)}
      color={status === 'Released' ? 'success' : status === 'Rejected' ? 'error' : 'default'}
    />
  );
}

function ApplicationRows({ applications }: { applications: Application[] }) {
  return (
    <LiteTable label="My Membership Applications" columns={COLUMNS}>
      {applications.map((a) => (
        <tr key={a.Code}>
          <td>{a.Code}</td>
          <td>{a.CategoryDescription}</td>
          <td className="lt-right lt-nowrap">{formatKes(a.Amount)}</td>
          <td>{applicationDate(a)}</td>
          <td>
            <StatusChip application={a} />
          </td>
        </tr>
      ))}
    </LiteTable>
  );
}

/** On a phone each application is a card: its number and date, its status, the category and the amount. */
function ApplicationCards({ applications }: { applications: Application[] }) {
  return (
    <div className="lt-stack-sm">
      {applications.map((a) => (
        <SummaryCard
          key={a.Code}
          label={`Application ${a.Code}`}
          head={
            <p className="lt-body2 lt-muted">
              {a.Code} · {applicationDate(a)}
            </p>
          }
          aside={<StatusChip application={a} />}
          title={a.CategoryDescription}
        >
          <p className="lt-body2">Amount {formatKes(a.Amount)}</p>
        </SummaryCard>
      ))}
    </div>
  );
}

/** The dashboard's My Membership Applications (part 1 §2): a table on wide screens, cards on a phone. */
export function MyApplications() {
  const applications = useMyApplications();
  const phone = usePhoneCards();
  const rows = applications.data ?? [];
  return (
    <LiteCard>
      <LiteCardHeader title="My Membership Applications" />
      <LiteCardContent>
        {applications.isLoading && <LoadingSpinner />}
        {applications.error && <LiteAlert severity="error">{applications.error.message}</LiteAlert>}
        {applications.data?.length === 0 && <p className="lt-muted lt-flush">You have no applications.</p>}
        {rows.length > 0 && (phone ? <ApplicationCards applications={rows} /> : <ApplicationRows applications={rows} />)}
      </LiteCardContent>
    </LiteCard>
  );
}
