import { AddComment, ArrowBack, Undo } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import type { ApplicationStatus, ReviewApplication } from '@portal/contract';
import { lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { licenseDate } from '../../shared/licenses/license-text';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';
import { WhenOpened } from '../../shared/ui/when-opened';
import type { ReviewAction } from './action-dialog';
import { useReviewApplication } from './api';
import { KindChip, kindDetail, LicencePanel, transitionLabel } from './kind';
import { ChecklistPanel, FilesPanel, HistoryPanel, ProfilePanel, RefereesPanel } from './panels';
import { formatDate, formatDateTime, StatusChip } from './status';

const ReviewActionDialog = lazy(() => import('./action-dialog').then((m) => ({ default: m.ReviewActionDialog })));

const TABS = ['Profile', 'Checklist', 'Files', 'Referees', 'History'] as const;
type TabName = (typeof TABS)[number];

/** /admin/applications/:code: one application, everything a reviewer weighs, and the actions they may take. */
export function ReviewApplicationPage() {
  const { code = '' } = useParams();
  const query = useReviewApplication(code);
  const [tab, setTab] = useState<TabName>('Profile');
  const [action, setAction] = useState<ReviewAction | null>(null);

  const back = (
    <Button component={RouterLink} to="/admin/applications" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Back to applications
    </Button>
  );
  if (query.isLoading) return <LoadingSpinner label="Loading the application" />;
  if (query.error || !query.data) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{query.error?.message ?? 'Application not found'}</Alert>
      </Stack>
    );
  }
  const data = query.data;
  const app = data.application;
  const counts: Record<TabName, number | null> = {
    Profile: null,
    Checklist: null,
    Files: data.files.length,
    Referees: data.referees.filter((r) => !r.superseded).length,
    History: data.events.length + data.comments.filter((c) => !data.events.some((e) => e.commentId === c.id)).length,
  };

  return (
    <Stack spacing={2}>
      {back}
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {app.Code} · {app.ApplicantName || 'Applicant'}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <KindChip kind={app.kind} />
                <Typography color="text.secondary">{[kindDetail(app), app.CategoryDescription].filter(Boolean).join(' · ')}</Typography>
              </Stack>
              <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <StatusChip status={app.status} submitted={app.Submitted} returnedAt={app.returnedAt} />
                <Typography variant="body2" color="text.secondary">
                  Applied {formatDate(app.ApplicationDateTime)}
                  {app.submittedAt && ` · Submitted ${formatDateTime(app.submittedAt)}`}
                  {app.decidedAt && ` · Decided ${formatDateTime(app.decidedAt)}`}
                </Typography>
                {app.assignedMemberNo && (
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    Member No {app.assignedMemberNo}
                  </Typography>
                )}
              </Stack>
            </Box>
            <Actions data={data} onAction={setAction} />
          </Stack>
          <StateNotice data={data} />
        </CardContent>
      </Card>
      <LicencePanel data={data} />
      <Card>
        <PageTabs<TabName>
          value={tab}
          onChange={setTab}
          label="Application details"
          tabs={TABS.map((t) => ({ value: t, label: counts[t] === null ? t : `${t} (${counts[t]})` }))}
        />
        <Divider />
        <CardContent>
          {tab === 'Profile' && <ProfilePanel data={data} />}
          {tab === 'Checklist' && <ChecklistPanel type={data.checklistType} items={data.checklist} />}
          {tab === 'Files' && <FilesPanel files={data.files} />}
          {tab === 'Referees' && <RefereesPanel data={data} />}
          {tab === 'History' && <HistoryPanel events={data.events} comments={data.comments} />}
        </CardContent>
      </Card>
      <WhenOpened open={Boolean(action)}>
        <ReviewActionDialog code={app.Code} kind={app.kind} action={action} onClose={() => setAction(null)} />
      </WhenOpened>
    </Stack>
  );
}

function Actions({ data, onAction }: { data: ReviewApplication; onAction: (action: ReviewAction) => void }) {
  const moves = data.allowedTransitions as ApplicationStatus[];
  return (
    <Grid container spacing={1} sx={{ alignContent: 'flex-start', justifyContent: { md: 'flex-end' }, maxWidth: { md: 520 } }}>
      {moves
        .filter((to) => to !== 'Rejected')
        .map((to) => (
          <Grid key={to}>
            <Button variant="contained" onClick={() => onAction({ kind: 'status', to })}>
              {transitionLabel(to, data.application.kind)}
            </Button>
          </Grid>
        ))}
      {moves.includes('Rejected') && (
        <Grid>
          <Button variant="outlined" color="error" onClick={() => onAction({ kind: 'status', to: 'Rejected' })}>
            {transitionLabel('Rejected', data.application.kind)}
          </Button>
        </Grid>
      )}
      {data.canReturn && (
        <Grid>
          <Button variant="outlined" startIcon={<Undo />} onClick={() => onAction({ kind: 'return' })}>
            Return to applicant
          </Button>
        </Grid>
      )}
      <Grid>
        <Button variant="text" startIcon={<AddComment />} onClick={() => onAction({ kind: 'comment' })}>
          Add comment
        </Button>
      </Grid>
    </Grid>
  );
}

function releasedText({ application: app, licence }: ReviewApplication): string {
  if (app.kind === 'Upgrade')
    return `Approved: the member is now registered as ${app.CategoryDescription}; the acceptance letter is available.`;
  if (app.kind === 'Licence' && licence?.licenseNo) {
    return `Approved: licence ${licence.licenseNo} issued${licence.validTo ? `, valid until ${licenseDate(licence.validTo)}` : ''}.`;
  }
  return `Released${app.assignedMemberNo ? ` as member ${app.assignedMemberNo}` : ''}: the acceptance letter and certificate are available to the applicant.`;
}

/** Why no move is offered, when none is. */
function StateNotice({ data }: { data: ReviewApplication }) {
  const app = data.application;
  if (app.status === 'Released') {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {releasedText(data)}
      </Alert>
    );
  }
  if (app.status === 'Rejected') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        Rejected: the rejection letter is available to the applicant.
      </Alert>
    );
  }
  if (!app.Submitted && app.returnedAt) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Returned to the applicant on {formatDateTime(app.returnedAt)}. It can be moved again once they submit it.
      </Alert>
    );
  }
  if (!app.Submitted) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        Not submitted yet: the applicant is still completing it.
      </Alert>
    );
  }
  return null;
}
