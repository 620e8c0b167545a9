import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ComplaintDetail, type ComplaintStage, complaintMessages, formatDate, formatDateTime, formatPhone } from '@portal/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { LoadingSpinner } from '../../shared/ui/loading';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { WhenOpened } from '../../shared/ui/when-opened';
import { adminFilePath, complaintsApi, useComplaint, useComplaintStaff, useRefreshComplaints } from './api';
import { useCaseAction } from './case-action';
import { CaseFiles, DecisionSummary, Fact, OverdueChip, StageChip, Timeline } from './components';
import { ADMIN_COMPLAINTS_ROUTE, STAGE_ACTIONS } from './rules';

/** The case's forms (React Hook Form, text boxes, the file picker) come after the case is drawn (decision 054). */
function caseForm(name: 'DecisionForm' | 'HearingForm' | 'NoteForm' | 'StaffDocumentsForm') {
  const Form = lazy(() => import('./case-forms').then((m) => ({ default: m[name] })));
  return (props: { complaint: ComplaintDetail; onSaved: () => Promise<unknown> }) => (
    <Suspense fallback={<LoadingSpinner label="Loading the form" />}>
      <Form {...props} />
    </Suspense>
  );
}
const DecisionForm = caseForm('DecisionForm');
const HearingForm = caseForm('HearingForm');
const NoteForm = caseForm('NoteForm');
const StaffDocumentsForm = caseForm('StaffDocumentsForm');
const ReasonDialog = lazy(() => import('./reason-dialog').then((m) => ({ default: m.ReasonDialog })));

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** /admin/complaints/{reference} (issue 30): the case for administrators and approvers, and every step on it. */
export function ComplaintPage() {
  const { reference } = useParams();
  const complaint = useComplaint(reference);
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={ADMIN_COMPLAINTS_ROUTE} startIcon={<ArrowBack />}>
          All complaints
        </Button>
      </Box>
      {complaint.isLoading ? (
        <LoadingSpinner label="Loading the complaint" />
      ) : complaint.data ? (
        <Case complaint={complaint.data} />
      ) : (
        <Alert severity={complaint.error instanceof ApiError && complaint.error.status === 404 ? 'warning' : 'error'}>
          {complaint.error?.message ?? complaintMessages.notFound}
        </Alert>
      )}
    </Stack>
  );
}

function Case({ complaint: c }: { complaint: ComplaintDetail }) {
  const refresh = useRefreshComplaints();
  const action = useCaseAction();
  const staff = useComplaintStaff();
  const [asking, setAsking] = useState<'dismiss' | 'reverse' | null>(null);
  const reversible = Boolean(c.decision && !c.decision.reversedAt && (c.stage === 'decided' || c.stage === 'appeal'));

  async function move(stage: ComplaintStage, reason?: string) {
    const ok = await action.run(() => complaintsApi.stage(c.reference, stage, reason), complaintMessages.stageChanged);
    if (ok) {
      setAsking(null);
      await refresh();
    }
  }

  async function reverse(reason: string) {
    const ok = await action.run(() => complaintsApi.reverse(c.reference, reason), complaintMessages.reversed);
    if (ok) {
      setAsking(null);
      await refresh();
    }
  }

  async function assign(value: string) {
    if (await action.run(() => complaintsApi.assign(c.reference, value ? Number(value) : null), complaintMessages.assigned))
      await refresh();
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Complaint {c.reference}
        </Typography>
        <StageChip stage={c.stage} label={c.stageLabel} />
        {c.overdue && <OverdueChip />}
      </Stack>
      {action.error && (
        <Alert severity="error" role="alert">
          {action.error}
        </Alert>
      )}

      <Panel title="Actions">
        <Stack spacing={2}>
          <NativeSelectField
            label="Assignee"
            value={c.assigneeId ? String(c.assigneeId) : ''}
            onChange={(e) => assign(e.target.value)}
            disabled={action.busy}
            sx={{ width: { xs: '100%', sm: 280 } }}
          >
            <option value="">Unassigned</option>
            {(staff.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelectField>
          {c.nextStages.length > 0 ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {c.nextStages.map((stage) =>
                stage === 'dismissed' ? (
                  <Button key={stage} variant="outlined" color="error" disabled={action.busy} onClick={() => setAsking('dismiss')}>
                    {STAGE_ACTIONS.dismissed}
                  </Button>
                ) : (
                  <Button key={stage} variant="contained" disabled={action.busy} onClick={() => move(stage)}>
                    {STAGE_ACTIONS[stage]}
                  </Button>
                ),
              )}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {c.stage === 'hearing' ? 'The hearing ends with the decision below.' : 'No further stage.'}
            </Typography>
          )}
          {c.dueOn && (
            <Typography variant="body2" color={c.overdue ? 'error' : 'text.secondary'}>
              Due {formatDate(c.dueOn)}
              {c.appealUntil && c.stage === 'decided' ? ` · appeal window until ${formatDate(c.appealUntil)}` : ''}
            </Typography>
          )}
        </Stack>
      </Panel>

      <Panel title="Parties">
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Fact label="Engineer">
            {c.respondent.name} ({c.respondent.memberNo})
          </Fact>
          <Fact label="Complainant">{c.complainantName}</Fact>
          <Fact label="Complainant's e-mail">{c.complainantEmail}</Fact>
          <Fact label="Complainant's phone">{formatPhone(c.complainantPhone)}</Fact>
          <Fact label="Identity withheld from the engineer">{c.withholdIdentity ? 'Yes' : 'No'}</Fact>
          <Fact label="Assignee">{c.assignee ?? 'Unassigned'}</Fact>
        </Box>
      </Panel>

      <Panel title="Complaint">
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <Fact label="Filed">{formatDateTime(c.filedAt)}</Fact>
          <Fact label="Date it happened">{formatDate(c.incidentDate)}</Fact>
          <Fact label="Where">{c.incidentPlace}</Fact>
          {c.noticeSentAt && <Fact label="Notice sent">{formatDate(c.noticeSentAt)}</Fact>}
          {c.noticeDue && <Fact label="Answer due">{formatDate(c.noticeDue)}</Fact>}
          {c.dismissalReason && <Fact label="Reason for dismissal">{c.dismissalReason}</Fact>}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.description}</Typography>
      </Panel>

      <Panel title="Engineer's answer">
        {c.response !== null ? (
          <>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.response}</Typography>
            {c.respondedAt && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Sent {formatDateTime(c.respondedAt)}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {c.noticeSentAt ? 'No answer yet' : 'Notice not given yet'}
          </Typography>
        )}
      </Panel>

      <Panel title="Files">
        <Stack spacing={2}>
          <CaseFiles files={c.files} pathOf={(id) => adminFilePath(c.reference, id)} />
          <StaffDocumentsForm complaint={c} onSaved={refresh} />
        </Stack>
      </Panel>

      {(c.stage === 'investigation' || c.stage === 'hearing' || c.hearingAt) && (
        <Panel title="Hearing">
          {c.stage === 'investigation' || c.stage === 'hearing' ? (
            <HearingForm key={`${c.hearingAt}-${c.hearingPanel}`} complaint={c} onSaved={refresh} />
          ) : (
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
              <Fact label="Hearing">{formatDateTime(c.hearingAt)}</Fact>
              <Fact label="Panel">{c.hearingPanel}</Fact>
              <Fact label="Minutes">{c.hearingMinutes}</Fact>
            </Box>
          )}
        </Panel>
      )}

      {(c.decision || c.stage === 'hearing') && (
        <Panel title="Decision">
          {c.decision ? (
            <Stack spacing={2}>
              <DecisionSummary decision={c.decision} />
              {reversible && (
                <Box>
                  <Button variant="outlined" color="error" disabled={action.busy} onClick={() => setAsking('reverse')}>
                    Reverse decision
                  </Button>
                </Box>
              )}
            </Stack>
          ) : (
            <DecisionForm complaint={c} onSaved={refresh} />
          )}
        </Panel>
      )}

      <Panel title="Timeline">
        <Timeline events={c.events} />
      </Panel>

      <Panel title="Internal notes">
        <Stack spacing={2}>
          {c.notes.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No notes yet
            </Typography>
          ) : (
            <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {c.notes.map((n) => (
                <Box component="li" key={n.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.body}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {n.author} · {formatDateTime(n.at)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <NoteForm complaint={c} onSaved={refresh} />
        </Stack>
      </Panel>

      <WhenOpened open={asking !== null}>
        <ReasonDialog
          key={asking ?? 'closed'}
          open={asking !== null}
          title={asking === 'reverse' ? 'Reverse the decision' : 'Dismiss the complaint'}
          confirm={asking === 'reverse' ? 'Reverse decision' : 'Dismiss complaint'}
          busy={action.busy}
          failure={action.error}
          onClose={() => setAsking(null)}
          onSubmit={(reason) => (asking === 'reverse' ? reverse(reason) : move('dismissed', reason))}
        />
      </WhenOpened>
    </Stack>
  );
}
