import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ComplaintTrack, complaintMessages, formatDate, formatDateTime } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PublicFrame } from '../../shared/ui/public-frame';
import { useTrackedComplaint } from './api';
import { DecisionSummary, Fact, StageChip, Timeline } from './components';
import { NEW_COMPLAINT_ROUTE } from './rules';

/** /complaints/track/{reference}?token=…: the complainant follows their complaint from the e-mailed link. */
export function ComplaintTrackPage() {
  const { reference = '' } = useParams();
  const [params] = useSearchParams();
  const complaint = useTrackedComplaint(reference, params.get('token') ?? '');
  return (
    <PublicFrame home="/" maxWidth="md" mainPaddingY={6}>
      {complaint.isLoading ? (
        <LoadingSpinner label="Loading the complaint" />
      ) : complaint.data ? (
        <Tracked complaint={complaint.data} />
      ) : complaint.error instanceof ApiError && complaint.error.status === 404 ? (
        <NotFound />
      ) : (
        <Alert severity="error">{complaint.error?.message ?? 'Something went wrong'}</Alert>
      )}
    </PublicFrame>
  );
}

function NotFound() {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {complaintMessages.notFound}
          </Typography>
          <Typography color="text.secondary">
            Open the link in the e-mail we sent when the complaint was filed: it carries the key that shows the complaint.
          </Typography>
          <Button component={RouterLink} to={NEW_COMPLAINT_ROUTE} variant="outlined">
            File a complaint
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function Tracked({ complaint: c }: { complaint: ComplaintTrack }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Complaint {c.reference}
            </Typography>
            <StageChip stage={c.stage} label={c.stageLabel} />
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
            <Fact label="About">
              {c.respondent.name} ({c.respondent.memberNo})
            </Fact>
            <Fact label="Filed">{formatDate(c.filedAt)}</Fact>
            <Fact label="Stage">{c.stageLabel}</Fact>
            {c.hearingAt && <Fact label="Hearing">{formatDateTime(c.hearingAt)}</Fact>}
            {c.dismissalReason && <Fact label="Reason for dismissal">{c.dismissalReason}</Fact>}
          </Box>
          {c.decision && (
            <Section title="Outcome">
              <DecisionSummary decision={c.decision} />
            </Section>
          )}
          <Section title="Timeline">
            <Timeline events={c.events} />
          </Section>
        </Stack>
      </CardContent>
    </Card>
  );
}
