import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { CampaignRequest } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LiteAlert } from '../../shared/lite/surfaces';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useDebounced } from '../../shared/ui/use-debounced';
import { CAMPAIGNS_KEY, campaignsApi } from './api';
import { plural } from './rules';

/** How long the editor waits after the last keystroke before it asks for a preview, in ms. */
export const PREVIEW_DEBOUNCE_MS = 600;

function SampleText({ text }: { text: string }) {
  return (
    <Box
      data-testid="sample-message"
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        bgcolor: 'action.hover',
        borderRadius: 1,
        p: 1.5,
        mt: 0.5,
        fontSize: '0.875rem',
        maxHeight: 360,
        overflowY: 'auto',
      }}
    >
      {text}
    </Box>
  );
}

/**
 * The editor's side panel (issue 29): how many members the campaign as typed reaches and how many are skipped, and
 * its message rendered for the first of them, asked of the server (POST admin/campaigns/preview) a moment after
 * the last change.
 */
export function PreviewPanel({ request, written }: { request: CampaignRequest; written: boolean }) {
  const typed = JSON.stringify(request);
  const key = useDebounced(typed, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [CAMPAIGNS_KEY, 'preview', key],
    queryFn: () => campaignsApi.preview(JSON.parse(key) as CampaignRequest),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
  const data = preview.data;
  const sample = data?.sample;
  const email = request.channel === 'email';
  // Until the preview of what is typed now has come, what is shown is the previous one: say so.
  const busy = key !== typed || preview.isFetching;

  return (
    <Card variant="outlined" component="section" aria-label="Preview">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Preview
          </Typography>
          {preview.isLoading && <LoadingSpinner label="Counting the members" />}
          {preview.error && (
            <LiteAlert severity="warning" role="status">
              {preview.error.message}
            </LiteAlert>
          )}
          {data && (
            <Typography role="status" aria-live="polite" aria-busy={busy}>
              <strong>{plural(data.recipients, 'member')}</strong> will receive it, {data.skipped.toLocaleString('en-KE')} skipped (opted
              out or no address).
            </Typography>
          )}
          {data && !sample && <Typography color="text.secondary">No member matches this segment.</Typography>}
          {sample && !written && (
            <Typography variant="body2" color="text.secondary">
              Write the message to see it as {sample.name} receives it.
            </Typography>
          )}
          {sample && written && (
            <>
              <Divider />
              <Typography variant="body2" color="text.secondary">
                As {sample.name}
                {sample.memberNo ? ` (${sample.memberNo})` : ''} receives it, to {sample.to}:
              </Typography>
              {email && (
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="sample-subject">
                  {sample.subject}
                </Typography>
              )}
              {sample.html ? (
                <>
                  <Box
                    component="iframe"
                    title="The e-mail as the member sees it"
                    // No scripts, forms or same-origin access: the frame only draws the e-mail.
                    sandbox=""
                    srcDoc={sample.html}
                    sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
                  />
                  <Box component="details" sx={{ fontSize: '0.875rem' }}>
                    <Box component="summary" sx={{ cursor: 'pointer' }}>
                      The plain-text part
                    </Box>
                    <SampleText text={sample.body} />
                  </Box>
                </>
              ) : (
                <SampleText text={sample.body} />
              )}
              {sample.sms && (
                <Typography variant="body2" color="text.secondary">
                  This member’s SMS: {plural(sample.sms.characters, 'character')} · {plural(sample.sms.parts, 'message')} (
                  {sample.sms.encoding})
                </Typography>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
