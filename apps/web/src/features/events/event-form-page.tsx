import { Add, ArrowBack, Image as ImageIcon, Save } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AdminEvent,
  EVENT_LOGO_MAX_BYTES,
  EVENT_TYPE_COLORS,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventInput,
  type eventInput,
  eventMessages,
  type MembershipCategory,
} from '@portal/contract';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Controller, type FieldErrors, type Path, type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { useCategories } from '../../shared/settings/use-settings';
import { DateField } from '../../shared/ui/date-field';
import { eachFieldError } from '../../shared/ui/field-errors';
import { setFlash, useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { adminEditEventRoute } from './admin-actions';
import { adminEventsApi, useAdminEvent, useRefreshAdminEvents } from './api';
import { TitledCard } from './components';
import { type EventFormValues, toEventFormValues, toEventInput } from './rules';

type EventOutput = z.output<typeof eventInput>;

const schemaResolver = lazyZodResolver<EventInput, EventOutput>(() => import('@portal/contract').then(({ eventInput }) => eventInput));
/** The fields hold text as typed; the contract's schema checks the request they make, so its messages show. */
const resolver: Resolver<EventFormValues, unknown, EventOutput> = (values, context, options) =>
  schemaResolver(toEventInput(values), context, options as never) as never;

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The logo chosen, checked in the browser as the server will (type and size), so a wrong file is refused at once. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  return LOGO_TYPES.includes(file.type) && file.size <= EVENT_LOGO_MAX_BYTES ? null : eventMessages.logoInvalid;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledCard title={title} gap={2}>
      <Stack spacing={2}>{children}</Stack>
    </TitledCard>
  );
}

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; root?: { message?: string } };
  if (typeof e.message === 'string' && e.message) return e.message;
  if (e.root?.message) return e.root.message;
  for (const value of Object.values(error)) {
    const m = firstMessage(value);
    if (m) return m;
  }
  return undefined;
}

function ProvidersField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (providers: string[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const name = text.trim();
    if (!name) return;
    if (!value.some((p) => p.toLowerCase() === name.toLowerCase())) onChange([...value, name]);
    setText('');
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Provider"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          helperText="Who runs the event; press Enter or Add for each"
          fullWidth
        />
        <Button variant="outlined" onClick={add} startIcon={<Add />} sx={{ mt: 1, flexShrink: 0 }}>
          Add
        </Button>
      </Stack>
      {value.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Providers">
          {value.map((p) => (
            <Chip key={p} label={p} onDelete={() => onChange(value.filter((x) => x !== p))} />
          ))}
        </Stack>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

function LogoField({ event, file, onFile }: { event: AdminEvent | null; file: File | null; onFile: (file: File | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!chosen) return;
    const problem = logoProblem(chosen);
    setError(problem);
    if (!problem) onFile(chosen);
  }

  const shown = preview ?? event?.logoUrl ?? null;
  return (
    <Stack spacing={1}>
      {shown && (
        <Box
          component="img"
          src={shown}
          alt="Event logo"
          sx={{ width: '100%', maxWidth: 265, height: 175, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button component="label" variant="outlined" startIcon={<ImageIcon />}>
          {shown ? 'Change logo' : 'Choose logo'}
          <input hidden type="file" accept={LOGO_TYPES.join(',')} onChange={choose} aria-label="Logo" />
        </Button>
        {file && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
            <Button size="small" onClick={() => onFile(null)}>
              Remove
            </Button>
          </>
        )}
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? 'PNG, JPEG or WebP, at most 2 MB; uploaded when the event is saved'}</FormHelperText>
    </Stack>
  );
}

function EventForm({ event, categories }: { event: AdminEvent | null; categories: MembershipCategory[] }) {
  const navigate = useNavigate();
  const refresh = useRefreshAdminEvents();
  const flash = useFlash();
  const form = useForm<EventFormValues, unknown, EventOutput>({
    resolver,
    defaultValues: toEventFormValues(
      event,
      categories.map((c) => c.Code),
    ),
  });
  const { register, control, formState } = form;
  const errors = formState.errors as FieldErrors<EventFormValues>;
  const [logo, setLogo] = useState<File | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const field = (name: Path<EventFormValues>, hint?: string) => {
    const message = firstMessage(name.split('.').reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], errors));
    return { ...register(name), error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };

  async function save(values: EventOutput) {
    setError(null);
    setBusy('Saving…');
    let saved: AdminEvent;
    try {
      saved = event ? await adminEventsApi.update(event.no, values) : await adminEventsApi.create(values);
    } catch (e) {
      eachFieldError(e, (name, message) => {
        if (form.getValues(name as Path<EventFormValues>) !== undefined) form.setError(name as Path<EventFormValues>, { message });
      });
      setError(e instanceof Error ? e.message : 'Something went wrong');
      setBusy(null);
      return;
    }
    if (logo) {
      setBusy('Uploading logo…');
      try {
        await adminEventsApi.uploadLogo(saved.no, logo);
      } catch (e) {
        await refresh();
        setBusy(null);
        setFlash(`${saved.no} is saved, but its logo is not: ${e instanceof Error ? e.message : 'upload failed'}`, 'warning');
        navigate(adminEditEventRoute(saved.no), { replace: true });
        return;
      }
    }
    await refresh();
    setBusy(null);
    setFlash(event ? `${saved.no} is saved` : `${saved.no} is created as a draft. Publish it when members may book.`, 'success');
    navigate('/admin/events');
  }

  const categoryName = (code: string) => categories.find((c) => c.Code === code)?.Description ?? code;
  const feeCodes = Object.keys(form.getValues('fees'));

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        {flash && (
          <Alert severity={flash.severity} role="status">
            {flash.message}
          </Alert>
        )}
        <Section title="Event">
          <TextField label="Description" required {...field('description', 'The event’s name as members see it')} />
          <TextField label="Details" multiline minRows={3} {...field('details', 'What it covers, who it is for')} />
          <TextField label="Location" required {...field('location', 'A venue, or the online platform for a webinar')} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="eventType"
              render={({ field: f, fieldState }) => (
                <TextField
                  select
                  label="Event type"
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  fullWidth
                >
                  {EVENT_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      <Box
                        component="span"
                        sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: EVENT_TYPE_COLORS[t], display: 'inline-block', mr: 1 }}
                      />
                      {EVENT_TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="CPD points"
              required
              {...field('cpdHours', 'Points each attendee earns (0 to 100)')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Controller
              control={control}
              name="isWebinar"
              render={({ field: f }) => (
                <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} label="Webinar" />
              )}
            />
            <Controller
              control={control}
              name="structured"
              render={({ field: f }) => (
                <FormControlLabel
                  control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
                  label="Structured CPD (counts towards the structured share)"
                />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="providers"
            render={({ field: f }) => <ProvidersField value={f.value} onChange={f.onChange} error={firstMessage(errors.providers)} />}
          />
        </Section>

        <Section title="When">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 2fr 1fr' } }}>
            <DateField label="Start date" required {...field('startDate')} />
            <TextField label="Start time" type="time" required {...field('startTime')} slotProps={{ inputLabel: { shrink: true } }} />
            <DateField label="End date" required {...field('endDate')} />
            <TextField label="End time" type="time" required {...field('endTime')} slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            Times are Nairobi time.
          </Typography>
        </Section>

        <Section title="Booking">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Capacity"
              {...field('capacity', 'Seats; leave blank for unlimited')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Booking deadline"
              type="datetime-local"
              {...field('bookingDeadline', 'Nairobi time; leave blank to take bookings until the start')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            Fee per membership category
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: '4px !important' }}>
            Leave blank or 0 for free. Members who pay get an invoice they settle at checkout.
          </Typography>
          {feeCodes.length === 0 && <Alert severity="info">No membership categories are set up; the event is free for everyone.</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
            {feeCodes.map((code) => (
              <TextField
                key={code}
                label={categoryName(code)}
                {...field(`fees.${code}` as Path<EventFormValues>)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">Ksh</InputAdornment> },
                }}
              />
            ))}
          </Box>
        </Section>

        <Section title="Logo or banner">
          <LogoField event={event} file={logo} onFile={setLogo} />
        </Section>

        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/admin/events" disabled={Boolean(busy)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(busy)}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <Save />}
          >
            {busy ?? (event ? 'Save changes' : 'Create event')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** /admin/events/new and /admin/events/{no}/edit: every field of an event, the fee per category, and its logo. */
export function EventFormPage() {
  const { no } = useParams();
  const event = useAdminEvent(no);
  const categories = useCategories();
  const loading = categories.isLoading || (Boolean(no) && event.isLoading);
  const closed = event.data && (event.data.status === 'closed' || event.data.status === 'cancelled');

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/admin/events" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        Events
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {no ? `Edit ${no}` : 'New Event'}
      </Typography>
      {loading && <LoadingSpinner label="Loading the event" />}
      {event.error && (
        <Alert severity="error" role="alert">
          {event.error.message}
        </Alert>
      )}
      {categories.error && (
        <Alert severity="error" role="alert">
          {categories.error.message}
        </Alert>
      )}
      {closed && <Alert severity="warning">{eventMessages.notEditable}</Alert>}
      {!loading && !closed && (!no || event.data) && (
        <EventForm key={no ?? 'new'} event={event.data ?? null} categories={categories.data ?? []} />
      )}
    </Stack>
  );
}
