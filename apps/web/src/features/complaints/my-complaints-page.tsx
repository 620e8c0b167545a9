import { Box, Stack, Typography } from '@mui/material';
import { formatDate, formatDateTime, type RespondentComplaint } from '@portal/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { LiteAlert, LiteCard } from '../../shared/lite/surfaces';
import { LoadingSpinner } from '../../shared/ui/loading';
import { myFilePath, useMyComplaints } from './api';
import { CaseFiles, DecisionSummary, Fact, StageChip, Timeline } from './components';

/** The answer form (React Hook Form, the text box, the evidence picker) comes when a case can be answered. */
const AnswerForm = lazy(() => import('./answer-form').then((m) => ({ default: m.AnswerForm })));

/** /my-complaints (issue 30): the complaints against the signed-in engineer from the notice on, each answerable once. */
export function MyComplaintsPage() {
  const complaints = useMyComplaints();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        My Complaints
      </Typography>
      {complaints.error && <LiteAlert severity="error">{complaints.error.message}</LiteAlert>}
      {complaints.isLoading ? (
        <LoadingSpinner label="Loading complaints" />
      ) : complaints.data?.length === 0 ? (
        <Typography color="text.secondary">No complaint has been brought to you.</Typography>
      ) : (
        complaints.data?.map((c) => <ComplaintCard key={c.reference} complaint={c} />)
      )}
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ComplaintCard({ complaint: c }: { complaint: RespondentComplaint }) {
  return (
    <LiteCard as="article" outlined aria-label={`Complaint ${c.reference}`}>
      <div className="lt-card-content">
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              Complaint {c.reference}
            </Typography>
            <StageChip stage={c.stage} label={c.stageLabel} />
          </Stack>
          {c.canAnswer && c.noticeDue && (
            <LiteAlert severity="warning" role="status">
              You have until {formatDate(c.noticeDue)} to answer this notice.
            </LiteAlert>
          )}
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Fact label="Complainant">{c.identityWithheld ? 'Identity withheld' : c.complainantName}</Fact>
            <Fact label="Filed">{formatDate(c.filedAt)}</Fact>
            <Fact label="Date it happened">{formatDate(c.incidentDate)}</Fact>
            <Fact label="Where">{c.incidentPlace}</Fact>
            <Fact label="Answer due">{formatDate(c.noticeDue)}</Fact>
            {c.hearingAt && <Fact label="Hearing">{formatDateTime(c.hearingAt)}</Fact>}
          </Box>
          <Part title="What happened">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.description}</Typography>
          </Part>
          <Part title="Files">
            <CaseFiles files={c.files} pathOf={(id) => myFilePath(c.reference, id)} />
          </Part>
          {c.response !== null ? (
            <Part title="Your answer">
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.response}</Typography>
              {c.respondedAt && (
                <Typography variant="body2" color="text.secondary">
                  Sent {formatDateTime(c.respondedAt)}
                </Typography>
              )}
            </Part>
          ) : (
            c.canAnswer && (
              <Suspense fallback={<LoadingSpinner label="Loading the answer form" />}>
                <AnswerForm reference={c.reference} />
              </Suspense>
            )
          )}
          {c.decision && (
            <Part title="Decision">
              <DecisionSummary decision={c.decision} />
            </Part>
          )}
          <Part title="Timeline">
            <Timeline events={c.events} />
          </Part>
        </Stack>
      </div>
    </LiteCard>
  );
}
