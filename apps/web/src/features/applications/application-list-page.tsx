import { FactCheck, HowToReg, ReceiptLong, RequestQuote } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type Application,
  applicationMessages,
  applicationStatusLabel,
  formatDate,
  formatKes,
  hasBeenSubmitted,
  PAYMENT_DESCRIPTIONS,
} from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { applicationDocumentRoute } from '../../shared/documents/routes';
import { useLedger } from '../../shared/member/money';
import { feedbackOf, isReturned, useMyApplications, useMyProfile } from '../../shared/member/queries';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { useSession } from '../../shared/session/session-store';
import { useFlash } from '../../shared/ui/flash';
import { type AlertState, FormAlert } from '../../shared/ui/form-alert';
import { Hint } from '../../shared/ui/hint';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { completion, useApplicationChecklist } from './api';
import { useSubmitFlow } from './submit-flow';

const CHECKLIST_ROUTE = '/checklist/type/Application';
const CONFIRM_ROUTE = '/profile/profileConfirm';

/**
 * The fee's actions (part 1 §2, §7): the application fee is invoiced at submission. Invoice once the ledger holds
 * the fee's invoice; Pay Now for a submitted application until the fee has a posted receipt; then Receipt.
 */
export function feeActions(a: Pick<Application, 'Submitted' | 'submittedAt' | 'postedReceiptNo'>, invoiced: boolean) {
  const submitted = a.Submitted || a.submittedAt !== null;
  return { invoice: invoiced, payNow: (submitted || invoiced) && !a.postedReceiptNo, receipt: Boolean(a.postedReceiptNo) };
}

/** The percentage of passing checklist items as a ring; it links to the checklist. */
function ProgressRing({ value }: { value: number }) {
  return (
    <Hint title={applicationMessages.completeChecklistTooltip}>
      <Box
        component={RouterLink}
        to={CHECKLIST_ROUTE}
        aria-label={`Profile ${value}% complete`}
        sx={{ position: 'relative', display: 'inline-flex', color: 'inherit', textDecoration: 'none' }}
      >
        <CircularProgress
          variant="determinate"
          value={100}
          size={64}
          thickness={5}
          sx={{ color: 'action.hover', position: 'absolute' }}
          aria-hidden
        />
        <CircularProgress
          variant="determinate"
          value={value}
          size={64}
          thickness={5}
          color={value < 100 ? 'warning' : 'success'}
          aria-hidden
        />
        <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="profile-progress">
            {value}%
          </Typography>
        </Box>
      </Box>
    </Hint>
  );
}

function Feedback({ application }: { application: Application }) {
  const comments = feedbackOf(application);
  if (comments.length === 0) return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack spacing={1}>
      {comments.map((c) => (
        <Box key={`${c.commentDate}-${c.comment}`}>
          <Typography variant="body2">{c.comment}</Typography>
          <Typography variant="caption" color="text.secondary">
            {c.displayName}, {formatDate(c.commentDate)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

interface ActionsProps {
  application: Application;
  complete: boolean;
  confirmed: boolean;
  onSubmit: (application: Application) => void;
}

function Actions({ application: a, complete, confirmed, onSubmit, invoiced }: ActionsProps & { invoiced: boolean }) {
  const fee = feeActions(a, invoiced);
  // The document route answers by the same test, so File never opens 'available once … submitted' (issue 16).
  const everSubmitted = hasBeenSubmitted({ submitted: a.Submitted, submittedAt: a.submittedAt, status: a.status });
  const canSubmit = complete && confirmed;
  const submitTip = !complete
    ? applicationMessages.completeProfile
    : !confirmed
      ? applicationMessages.confirmNameTooltip
      : applicationMessages.submitTooltip;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {everSubmitted && <RowLinkButton to={applicationDocumentRoute('document', a.Code)}>File</RowLinkButton>}
      {a.status === 'Released' && (
        <>
          <RowLinkButton to={applicationDocumentRoute('certificate', a.Code)}>Certificate</RowLinkButton>
          <RowLinkButton to={applicationDocumentRoute('acceptanceLetter', a.Code)}>Acceptance Letter</RowLinkButton>
        </>
      )}
      {fee.invoice && (
        <RowLinkButton to={invoiceRoute(a.Code)} icon={<RequestQuote />}>
          Invoice
        </RowLinkButton>
      )}
      {fee.receipt && a.postedReceiptNo && (
        <RowLinkButton to={receiptRoute(a.postedReceiptNo)} icon={<ReceiptLong />}>
          Receipt
        </RowLinkButton>
      )}
      {fee.payNow && (
        <PayNowButton
          size="small"
          payment={{
            sourceDocumentNo: a.Code,
            description: PAYMENT_DESCRIPTIONS.application,
            amount: a.Amount,
            successUrl: '/application',
          }}
        />
      )}
      {a.status === 'Rejected' && (
        <RowLinkButton to={applicationDocumentRoute('rejectionLetter', a.Code)} color="error">
          Rejection Letter
        </RowLinkButton>
      )}
      {!a.Submitted && (
        <>
          <Hint title={submitTip}>
            <span>
              <Button size="small" variant="contained" disabled={!canSubmit} onClick={() => onSubmit(a)}>
                {isReturned(a) ? 're-Submit' : 'Submit'}
              </Button>
            </span>
          </Hint>
          {!complete && (
            <Hint title={applicationMessages.completeChecklistTooltip}>
              <IconButton component={RouterLink} to={CHECKLIST_ROUTE} size="small" color="warning" aria-label="Complete your profile">
                <FactCheck fontSize="small" />
              </IconButton>
            </Hint>
          )}
          {complete && !confirmed && (
            <Hint title={applicationMessages.confirmNameTooltip}>
              <IconButton component={RouterLink} to={CONFIRM_ROUTE} size="small" color="warning" aria-label="Confirm your profile name">
                <HowToReg fontSize="small" />
              </IconButton>
            </Hint>
          )}
        </>
      )}
    </Stack>
  );
}

const COLUMNS: ServerTableColumn[] = [
  'Application No',
  'Applied Category',
  { label: 'Amount', align: 'right' },
  'Application Date',
  'Status',
  'Feedback',
  'Actions',
];

const applicationDate = (a: Application) => formatDate(a.ApplicationDateTime);

/** The member's status (Released reads as Accepted), and Returned to you while a reviewer has handed it back. */
function StatusChips({ application: a }: { application: Application }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={applicationStatusLabel(a.status)}
        color={a.status === 'Released' ? 'success' : a.status === 'Rejected' ? 'error' : 'default'}
      />
      {isReturned(a) && <Chip size="small" color="warning" variant="outlined" label="Returned to you" />}
    </Stack>
  );
}

interface ApplicationListProps {
  applications: Application[];
  actions: (application: Application) => ReactNode;
}

function ApplicationRows({ applications, actions }: ApplicationListProps) {
  return (
    <PlainTable label="Applications" columns={COLUMNS}>
      {applications.map((a) => (
        <TableRow key={a.Code} sx={{ verticalAlign: 'top' }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.Code}</TableCell>
          <TableCell>{a.CategoryDescription}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(a.Amount)}
          </TableCell>
          <TableCell>{applicationDate(a)}</TableCell>
          <TableCell>
            <StatusChips application={a} />
          </TableCell>
          <TableCell sx={{ minWidth: 160, maxWidth: 320 }}>
            <Feedback application={a} />
          </TableCell>
          <TableCell sx={{ minWidth: 230 }}>{actions(a)}</TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each application is a card: number and date, status, category and fee, the feedback and every action. */
function ApplicationCards({ applications, actions }: ApplicationListProps) {
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
          aside={<StatusChips application={a} />}
          title={a.CategoryDescription}
        >
          <Typography variant="body2">Amount {formatKes(a.Amount)}</Typography>
          {feedbackOf(a).length > 0 && (
            <Box>
              <Typography variant="caption" color="text.secondary">
                Feedback
              </Typography>
              <Feedback application={a} />
            </Box>
          )}
          {actions(a)}
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** The spec's columns on a wide screen, cards on a phone. */
function ApplicationList(props: ApplicationListProps) {
  return usePhoneCards() ? <ApplicationCards {...props} /> : <ApplicationRows {...props} />;
}

export function ApplicationListPage() {
  const session = useSession();
  const applications = useMyApplications();
  const profile = useMyProfile();
  const flash = useFlash();
  const [alert, setAlert] = useState<AlertState>(() => flash);
  const flow = useSubmitFlow(setAlert);
  const pending = applications.data?.find((a) => !a.Submitted);
  // The checklist matters only before submission (issue 16): once every application is in, the list shows where the
  // newest one stands instead of a progress ring and 'Incomplete profile'.
  const beforeSubmission = Boolean(applications.data) && (Boolean(pending) || applications.data?.length === 0);
  const category =
    pending?.AppliedCategory ?? applications.data?.[0]?.AppliedCategory ?? session?.user.category ?? profile.data?.MemberShipType;
  const checklist = useApplicationChecklist(beforeSubmission ? category : null);
  const ledger = useLedger();
  const invoicedCodes = new Set(
    (ledger.data ?? []).filter((e) => e.documentType === 'Invoice' && e.externalDocumentNo).map((e) => e.externalDocumentNo),
  );

  if (applications.isLoading || profile.isLoading) return <LoadingSpinner />;
  const items = checklist.data ?? [];
  const progress = completion(items);
  const complete = Boolean(checklist.data) && progress === 100;
  const confirmed = profile.data?.confirmed ?? false;
  const list = applications.data ?? [];
  const latest = beforeSubmission ? undefined : list[0];

  return (
    <Card>
      <CardHeader
        title="Applications"
        subheader="Your membership applications, their status and the reviewers' feedback"
        slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }}
        action={
          latest ? (
            <Box sx={{ textAlign: 'right' }} data-testid="application-status">
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                Application {latest.Code}
              </Typography>
              <StatusChips application={latest} />
            </Box>
          ) : (
            checklist.data && <ProgressRing value={progress} />
          )
        }
      />
      <CardContent>
        <FormAlert alert={alert} />
        {applications.error && <Alert severity="error">{applications.error.message}</Alert>}
        {checklist.error && <Alert severity="error">{checklist.error.message}</Alert>}
        {checklist.data && progress < 100 && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Hint title={applicationMessages.completeChecklistTooltip}>
                <Button component={RouterLink} to={CHECKLIST_ROUTE} color="inherit" size="small">
                  Complete
                </Button>
              </Hint>
            }
          >
            {applicationMessages.incompleteProfile}: {items.filter((i) => i.pass).length} of {items.length} checklist items complete.
          </Alert>
        )}
        {pending && profile.data && !confirmed && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Hint title={applicationMessages.confirmNameTooltip}>
                <Button component={RouterLink} to={CONFIRM_ROUTE} color="inherit" size="small">
                  Confirm
                </Button>
              </Hint>
            }
          >
            Confirm that your name is correct before you submit: it will appear on your certificate.
          </Alert>
        )}
        {list.length === 0 && !applications.error && <Typography color="text.secondary">You have no applications.</Typography>}
        {list.length > 0 && (
          <ApplicationList
            applications={list}
            actions={(a) => (
              <Actions
                application={a}
                complete={complete}
                confirmed={confirmed}
                onSubmit={flow.start}
                invoiced={invoicedCodes.has(a.Code)}
              />
            )}
          />
        )}
        {flow.dialogs}
      </CardContent>
    </Card>
  );
}
