import { Alert, Box, Card, CardContent, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { api } from '../../shared/api/client';

interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  status: string;
  created_at: string;
}

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <Link key={i} href={part}>
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Development only: what the portal would have sent by email and SMS, newest first. */
export function OutboxPage() {
  const outbox = useQuery({ queryKey: ['dev-outbox'], queryFn: () => api.get<OutboxMessage[]>('dev/outbox'), refetchInterval: 3000 });
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Outbox
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Emails and SMS the portal has queued, newest first. Refreshes every few seconds. Not available in production.
      </Typography>
      {outbox.error && <Alert severity="error">{outbox.error.message}</Alert>}
      {outbox.data?.length === 0 && <Alert severity="info">No messages yet.</Alert>}
      <Stack spacing={2}>
        {outbox.data?.map((m) => (
          <Card key={m.id} data-testid="outbox-message">
            <CardContent>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={m.channel.toUpperCase()} color={m.channel === 'sms' ? 'secondary' : 'primary'} />
                <Typography sx={{ fontWeight: 700 }}>{m.to}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                  {formatDateTime(m.created_at)} · {m.status}
                </Typography>
              </Box>
              {m.subject && <Typography sx={{ fontWeight: 600 }}>{m.subject}</Typography>}
              <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                <Linkified text={m.body} />
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
