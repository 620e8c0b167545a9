import { Alert, Box, Button, Card, CardContent, Container, Link, Stack, TextField, Typography } from '@mui/material';
import { type InboundSmsAnswer, smsRegisterMessages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../../shared/api/client';

/** One line of the phone's SMS thread: what it sent, or what came back. */
interface SmsLine {
  id: number;
  from: 'phone' | 'board';
  text: string;
}

/** A USSD session as the phone shows it: the screen, and whether it waits for an entry. */
interface UssdScreen {
  sessionId: string;
  /** Every entry so far, as Africa's Talking joins them. */
  entries: string[];
  text: string;
  open: boolean;
}

let lineId = 0;

/** A text field and its Send button, as a phone's keypad gives them. */
function EntryForm(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <Box component="form" onSubmit={props.onSubmit} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: props.maxLength } }}
      />
      <Button type="submit" variant="contained" disabled={props.disabled}>
        Send
      </Button>
    </Box>
  );
}

function SmsPanel({ phone }: { phone: string }) {
  const [text, setText] = useState('');
  const [lines, setLines] = useState<SmsLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await api.post<InboundSmsAnswer>('dev/sms', { from: phone, text });
      const reply: SmsLine = {
        id: ++lineId,
        from: 'board',
        text: answer.reply ?? `No reply (${answer.outcome})`,
      };
      setLines((all) => [...all, { id: ++lineId, from: 'phone', text }, reply]);
      setText('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="dev-sms-title" sx={{ flex: 1 }}>
      <CardContent>
        <Typography id="dev-sms-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          SMS to the short code
        </Typography>
        <Stack spacing={1} aria-live="polite" sx={{ mb: 2 }} data-testid="sms-thread">
          {lines.map((line) => (
            <Box
              key={line.id}
              data-from={line.from}
              sx={{
                alignSelf: line.from === 'phone' ? 'flex-end' : 'flex-start',
                bgcolor: line.from === 'phone' ? 'primary.main' : 'grey.200',
                color: line.from === 'phone' ? 'primary.contrastText' : 'text.primary',
                borderRadius: 2,
                px: 1.5,
                py: 1,
                maxWidth: '85%',
                whiteSpace: 'pre-wrap',
              }}
            >
              {line.text}
            </Box>
          ))}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <EntryForm label="Message" value={text} onChange={setText} maxLength={200} disabled={sending || !phone.trim()} onSubmit={send} />
      </CardContent>
    </Card>
  );
}

function UssdPanel({ phone }: { phone: string }) {
  const [screen, setScreen] = useState<UssdScreen | null>(null);
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function step(sessionId: string, entries: string[]) {
    setBusy(true);
    setError(null);
    try {
      const { reply } = await api.post<{ reply: string }>('dev/ussd', { sessionId, phoneNumber: phone, text: entries.join('*') });
      setScreen({ sessionId, entries, text: reply.replace(/^(CON|END) /, ''), open: reply.startsWith('CON ') });
      setEntry('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const dial = () => step(`dev-${Date.now().toString(36)}`, []);
  function answer(event: FormEvent) {
    event.preventDefault();
    if (screen) void step(screen.sessionId, [...screen.entries, entry]);
  }

  return (
    <Card component="section" aria-labelledby="dev-ussd-title" sx={{ flex: 1 }}>
      <CardContent>
        <Typography id="dev-ussd-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          USSD menu
        </Typography>
        {screen && (
          <Box
            data-testid="ussd-screen"
            aria-live="polite"
            sx={{
              bgcolor: 'grey.900',
              color: 'common.white',
              fontFamily: 'monospace',
              borderRadius: 1,
              p: 2,
              mb: 2,
              whiteSpace: 'pre-wrap',
            }}
          >
            {screen.text}
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {screen?.open ? (
          <EntryForm label="Reply" value={entry} onChange={setEntry} maxLength={40} disabled={busy} onSubmit={answer} />
        ) : (
          <Button variant="contained" onClick={dial} disabled={busy || !phone.trim()}>
            {screen ? 'Dial again' : 'Dial'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Development only: plays a phone's part against the register by SMS and USSD (issue 29, decision 059), through
 * `POST /api/dev/sms` and `/api/dev/ussd` (absent in production, as the outbox).
 */
export function SmsPage() {
  const [phone, setPhone] = useState('0722 000 111');
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {smsRegisterMessages.devTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {smsRegisterMessages.devIntro}{' '}
        <Link component={RouterLink} to="/dev/outbox">
          Open the outbox
        </Link>
      </Typography>
      <TextField
        label="Phone number"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        size="small"
        sx={{ mb: 3, width: '100%', maxWidth: 320 }}
        slotProps={{ htmlInput: { maxLength: 20, inputMode: 'tel' } }}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SmsPanel phone={phone} />
        <UssdPanel phone={phone} />
      </Stack>
    </Container>
  );
}
