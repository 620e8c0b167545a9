import { ArrowBack, CheckCircle, Done, ErrorOutline, HowToReg, Info, UploadFile } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { ATTENDANCE_OUTCOME_LABELS, type AttendanceOutcome, type AttendanceResult, eventMessages, formatDateTime } from '@portal/contract';
import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { TextInput } from '../../shared/ui/text-input';
import { adminEventRoute, EventStatusChip, useEventCommands } from './admin-actions';
import { adminEventsApi, useAdminEvent, useRefreshAdminEvents } from './api';
import { TitledCard } from './components';
import { bookingNosFromCsv, chunks, eventDates } from './rules';
import { TicketScanner } from './ticket-scanner';

type Source = 'typed' | 'scan' | 'csv';

interface Entry {
  id: number;
  value: string;
  outcome: AttendanceOutcome;
  bookingNo: string | null;
  name: string | null;
  source: Source;
}

const OUTCOME_STYLE: Record<AttendanceOutcome, { color: string; icon: ReactNode }> = {
  checked_in: { color: STATUS_COLORS.good, icon: <CheckCircle /> },
  already: { color: '#1565C0', icon: <Info /> },
  unknown: { color: STATUS_COLORS.bad, icon: <ErrorOutline /> },
  cancelled: { color: STATUS_COLORS.bad, icon: <ErrorOutline /> },
  unpaid: { color: STATUS_COLORS.pending, icon: <ErrorOutline /> },
};

let nextId = 1;

/**
 * /admin/events/{no}/attendance: checking people in at the door by booking number, by scanning the ticket's QR
 * code with the camera, or from an attendance CSV (a webinar's list). Each value's outcome is listed, newest first.
 */
export function AttendancePage() {
  const { no = '' } = useParams();
  const event = useAdminEvent(no);
  const refresh = useRefreshAdminEvents();
  const { ask, dialog } = useEventCommands();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [checkedIn, setCheckedIn] = useState(0);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState<Source | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [csvNote, setCsvNote] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const post = useCallback(
    async (values: string[], source: Source): Promise<boolean> => {
      setError(null);
      if (source !== 'scan') setBusy(source);
      try {
        const results: AttendanceResult['results'] = [];
        let count = 0;
        for (const part of chunks(values)) {
          const answer = await adminEventsApi.attendance(no, part);
          results.push(...answer.results);
          count += answer.checkedIn;
        }
        const added = results.map((r) => ({ ...r, id: nextId++, source }));
        setEntries((list) => [...added.reverse(), ...list]);
        setCheckedIn((n) => n + count);
        await refresh();
        return true;
      } catch (e) {
        setError(e instanceof Error ? e.message : 'Something went wrong');
        return false;
      } finally {
        if (source !== 'scan') setBusy(null);
      }
    },
    [no, refresh],
  );

  async function checkIn(e: FormEvent) {
    e.preventDefault();
    const value = typed.trim();
    if (!value) {
      setError(eventMessages.bookingNosRequired);
      inputRef.current?.focus();
      return;
    }
    if (await post([value], 'typed')) setTyped('');
    inputRef.current?.focus();
  }

  const onScan = useCallback((text: string) => void post([text], 'scan'), [post]);

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setCsvNote(null);
    let values: string[];
    try {
      values = bookingNosFromCsv(await file.text());
    } catch {
      setError('The file could not be read. Choose a CSV file.');
      return;
    }
    if (values.length === 0) {
      setError(
        `No booking numbers were found in ${file.name}. Use a column named bookingNo, booking or ticket, or put them in the first column.`,
      );
      return;
    }
    if (await post(values, 'csv')) setCsvNote(`${file.name}: ${values.length} booking number${values.length === 1 ? '' : 's'} read.`);
  }

  if (event.isLoading) return <LoadingSpinner label="Loading the event" />;
  const e = event.data;
  const published = e?.status === 'published';
  // Check-in opens CHECK_IN_OPENS_MINUTES before the start (the server says when); closing once it has started.
  const open = published && Boolean(e?.attendanceOpen);

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to={adminEventRoute(no)} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        Event and bookings
      </Button>
      {event.error && (
        <Alert severity="error" role="alert">
          {event.error.message}
        </Alert>
      )}
      {e && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              Attendance: {e.description}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
              <EventStatusChip status={e.status} />
              <Typography variant="body2" color="text.secondary">
                {e.no} · {eventDates(e.startDate, e.endDate)}
              </Typography>
            </Stack>
          </Box>
          {published && e.started && (
            <Button variant="contained" color="success" startIcon={<Done />} onClick={() => ask('close', e)} sx={{ flexShrink: 0 }}>
              Close event
            </Button>
          )}
        </Stack>
      )}
      {e && !published && (
        <Alert severity="warning">
          {e.status === 'closed' ? 'This event is closed; attendance is final.' : eventMessages.notPublished}
        </Alert>
      )}
      {e && published && !e.attendanceOpen && (
        <Alert severity="info">{eventMessages.attendanceNotYet(formatDateTime(e.attendanceOpensAt))}</Alert>
      )}
      {e && (
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-live="polite">
          <Typography>
            Attended: <strong data-testid="attended-count">{e.attended}</strong> of {e.booked} booked
          </Typography>
          <Typography>
            Checked in here: <strong data-testid="checked-in-count">{checkedIn}</strong>
          </Typography>
        </Stack>
      )}
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <TitledCard gap={1.5} title="Booking number">
          <Box component="form" noValidate onSubmit={checkIn}>
            <Stack spacing={1.5}>
              <TextInput
                ref={inputRef}
                label="Booking number"
                value={typed}
                onChange={(ev) => setTyped(ev.target.value)}
                autoFocus
                autoComplete="off"
                disabled={!open}
                helperText="The number on the ticket; Enter checks in"
              />
              <Button
                type="submit"
                variant="contained"
                disabled={!open || busy === 'typed'}
                startIcon={busy === 'typed' ? <CircularProgress size={18} color="inherit" /> : <HowToReg />}
              >
                Check in
              </Button>
            </Stack>
          </Box>
        </TitledCard>
        <TitledCard gap={1.5} title="Scan ticket">
          <TicketScanner onScan={onScan} disabled={!open} />
        </TitledCard>
        <TitledCard gap={1.5} title="Upload attendance CSV">
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              A column named bookingNo, booking or ticket (else the first column) — a webinar’s attendance list, for example.
            </Typography>
            <Button
              component="label"
              variant="outlined"
              disabled={!open || busy === 'csv'}
              startIcon={busy === 'csv' ? <CircularProgress size={18} /> : <UploadFile />}
            >
              Upload attendance CSV
              <input hidden type="file" accept=".csv,text/csv,text/plain" onChange={upload} aria-label="Attendance CSV" />
            </Button>
            {csvNote && <Typography variant="body2">{csvNote}</Typography>}
          </Stack>
        </TitledCard>
      </Box>

      {entries.length > 0 && (
        <TitledCard gap={1.5} title="Results">
          <List dense aria-label="Attendance results" disablePadding>
            {entries.map((r) => (
              <ListItem key={r.id} divider disableGutters>
                <ListItemIcon sx={{ minWidth: 36, color: OUTCOME_STYLE[r.outcome].color }}>{OUTCOME_STYLE[r.outcome].icon}</ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      <strong>{r.name ?? r.bookingNo ?? r.value}</strong>
                      {r.name && r.bookingNo ? ` · ${r.bookingNo}` : ''}
                    </>
                  }
                  secondary={`${ATTENDANCE_OUTCOME_LABELS[r.outcome]}${r.bookingNo && r.value !== r.bookingNo ? ` (${r.value})` : ''}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </TitledCard>
      )}
      {dialog}
    </Stack>
  );
}
