import { Add, Delete, Done, Edit, OpenInNew } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type FileRule, formatPhone, SECTION_INFO, type SectionEntry, type SectionName } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { api } from '../../../shared/api/client';
import { lazyZodResolver } from '../../../shared/forms/lazy-resolver';
import { useSettings } from '../../../shared/settings/use-settings';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Hint } from '../../../shared/ui/hint';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { SummaryCard, usePhoneCards } from '../../../shared/ui/summary-card';
import { TableScroller } from '../../../shared/ui/table-scroller';
import { openStoredFile, toBody, useRefreshAfterChange, useSectionEntries } from '../api';
import { ErrorDialog, errorMessages, splitServerErrors } from './error-dialog';
import { FieldInput, FileField } from './field-input';
import type { FieldDef, SectionConfig } from './field-types';
import { checkFile, type StoredFile, withExtraChecks } from './file-checks';
import { type TranscriptDraft, TranscriptsField, transcriptProblem } from './transcripts-field';

type Values = Record<string, unknown>;

/** What a list can still take given its entries. */
export interface AddLimits {
  /** The dialog's fields for a new entry (null) or for `entry`: choices already taken left out. */
  fieldsFor?: (entry: SectionEntry | null) => FieldDef[];
  /** Why nothing more can be added (Add is not offered); null when something can. */
  blocked?: string | null;
}

/** The form value that holds a foreign qualification's new transcripts (the name the server reads the files under). */
const TRANSCRIPTS = 'transcripts';

function defaults(fields: FieldDef[], entry: SectionEntry | null): Values {
  const values: Values = {};
  for (const f of fields) {
    if (f.kind === 'file') continue;
    const current = entry?.[f.name];
    values[f.name] = current ?? f.defaultValue ?? (f.kind === 'switch' ? false : '');
    if (f.kind === 'number' && current !== undefined && current !== null) values[f.name] = String(current);
    if (f.phone && typeof current === 'string') values[f.name] = formatPhone(current);
  }
  return values;
}

function EntryDialog({
  config,
  loadSchema,
  entry,
  open,
  onClose,
  onSaved,
  extra,
}: {
  config: SectionConfig;
  loadSchema: () => Promise<ZodType>;
  entry: SectionEntry | null;
  open: boolean;
  onClose: () => void;
  onSaved: (created: boolean) => void;
  extra?: (values: Values, setValue: (name: string, value: unknown) => void) => React.ReactNode;
}) {
  const { minor } = useSettings();
  const rules = useMemo(() => (SECTION_INFO[config.path as SectionName]?.files ?? []) as FileRule[], [config.path]);
  // The chosen files and transcripts are form values too, so one resolver checks them with the fields (issue 16).
  const resolver = useMemo(
    () =>
      withExtraChecks<Values>(lazyZodResolver<Values>(loadSchema), (values) => {
        const problems: Record<string, string | undefined> = {};
        for (const rule of rules)
          problems[rule.field] = checkFile(rule, values[rule.field] as File | null | undefined, entry?.[rule.field] as StoredFile);
        if (config.path === 'certification' && values.Category === 'Foreign')
          problems[TRANSCRIPTS] = transcriptProblem((values[TRANSCRIPTS] as TranscriptDraft[] | undefined) ?? []);
        return problems;
      }),
    [loadSchema, rules, entry, config.path],
  );
  const form = useForm<Values>({ resolver, defaultValues: defaults(config.fields, entry) });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;
  const transcripts = (values[TRANSCRIPTS] as TranscriptDraft[] | undefined) ?? [];
  const setExtra = (name: string, value: unknown) => form.setValue(name, value, { shouldValidate: isSubmitted });

  useEffect(() => {
    if (open) form.reset(defaults(config.fields, entry));
  }, [open, entry, config.fields, form]);

  const submit = form.handleSubmit(async () => {
    setBusy(true);
    try {
      const { [TRANSCRIPTS]: _transcripts, ...raw } = form.getValues();
      const files: Record<string, File | null> = {};
      for (const rule of rules) {
        files[rule.field] = (raw[rule.field] as File | null | undefined) ?? null;
        delete raw[rule.field];
      }
      const added = config.path === 'certification' && raw.Category === 'Foreign' ? transcripts : [];
      const body = {
        ...raw,
        ...(entry ? { EntryNo: entry.EntryNo } : {}),
        ...(added.length ? { transcriptDescriptions: added.map((t) => t.description.trim()) } : {}),
      };
      const upload = { ...files, ...(added.length ? { [TRANSCRIPTS]: added.map((t) => t.file as File) } : {}) };
      await api.post(`profile/${config.path}${entry ? '/update' : ''}`, toBody(body, upload));
      onSaved(!entry);
      onClose();
    } catch (error) {
      // Messages of a field go under it, where it is fixed; only the others open the dialog (issue 28).
      const shown = config.fields.filter((f) => !f.visible || f.visible(ctx)).map((f) => f.name);
      const { fields, others } = splitServerErrors(error, shown);
      for (const [name, message] of Object.entries(fields)) form.setError(name, { type: 'server', message }, { shouldFocus: true });
      setServerErrors(others);
    } finally {
      setBusy(false);
    }
  });

  const ctx = { values, countyField: minor.countyField };
  return (
    <Dialog open={open} onClose={onClose} maxWidth={config.maxWidth ?? 'md'} fullWidth aria-labelledby={`${config.path}-dialog-title`}>
      <DialogTitle id={`${config.path}-dialog-title`}>{entry ? `Edit ${config.noun}` : `Add ${config.noun}`}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent dividers>
          <Grid container spacing={2}>
            {config.fields
              .filter((f) => !f.visible || f.visible(ctx))
              .map((f) => (
                <Grid key={f.name} size={{ xs: 12, sm: f.width === 'full' || f.kind === 'textarea' ? 12 : 6 }}>
                  {f.kind === 'file' ? (
                    <FileField
                      field={f}
                      file={values[f.name] as File | null | undefined}
                      stored={(entry?.[f.name] as StoredFile)?.fileName}
                      error={errors[f.name]?.message as string | undefined}
                      onChange={(file) => {
                        // A file is checked when it is picked, not at Save (issue 28).
                        form.setValue(f.name, file, { shouldValidate: Boolean(file) || isSubmitted });
                        if (config.path === 'attachments' && file && f.name === 'attachment')
                          form.setValue('fileName', file.name, { shouldValidate: isSubmitted });
                      }}
                    />
                  ) : (
                    <FieldInput
                      field={f}
                      control={form.control}
                      parentValue={f.lookup?.parentFrom ? String(values[f.lookup.parentFrom] ?? '') : undefined}
                    />
                  )}
                </Grid>
              ))}
          </Grid>
          {config.path === 'certification' && values.Category === 'Foreign' && (
            <TranscriptsField value={transcripts} onChange={(list) => setExtra(TRANSCRIPTS, list)} showErrors={isSubmitted} />
          )}
          {extra?.(values, (name, value) => form.setValue(name, value))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
      <ErrorDialog messages={serverErrors} onClose={() => setServerErrors([])} />
    </Dialog>
  );
}

export function SectionList({
  config,
  loadSchema,
  alwaysEditable = false,
  extra,
  hideColumns,
  rowActions,
  limits,
}: {
  config: SectionConfig;
  /** The entries' schema, fetched when a form is first checked (decision 054); the section's own by default. */
  loadSchema?: () => Promise<ZodType>;
  alwaysEditable?: boolean;
  extra?: (values: Values, setValue: (name: string, value: unknown) => void) => React.ReactNode;
  hideColumns?: string[];
  /** Actions of one row shown in view and edit mode (the referees' Resend and report). */
  rowActions?: (entry: SectionEntry) => React.ReactNode;
  /** What can still be added given the entries there are (contacts: one of each type). */
  limits?: (entries: SectionEntry[]) => AddLimits;
}) {
  const entries = useSectionEntries(config.path);
  const refresh = useRefreshAfterChange();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; entry: SectionEntry | null }>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<SectionEntry | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const resolvedLoadSchema = useMemo(
    () => loadSchema ?? (() => import('@portal/contract').then(({ SECTIONS }) => SECTIONS[config.path as SectionName].schema as ZodType)),
    [loadSchema, config.path],
  );
  // Nothing to add to a list that did not load (a section of the other membership type answers 403; issue 16).
  const editable = !entries.error && (alwaysEditable || editing || entries.data?.length === 0);
  const limit = useMemo(() => limits?.(entries.data ?? []), [limits, entries.data]);
  const dialogConfig = useMemo(
    () => (limit?.fieldsFor ? { ...config, fields: limit.fieldsFor(dialog.entry) } : config),
    [config, limit, dialog.entry],
  );
  const columns = config.columns.filter((c) => !hideColumns?.includes(c.label));
  const fileFields = config.fields.filter((f) => f.kind === 'file');
  const phone = usePhoneCards();

  const entryFiles = (entry: SectionEntry) =>
    fileFields.map((f) => {
      const stored = entry[f.name] as StoredFile;
      return stored ? (
        <Hint key={f.name} title={`Open ${stored.fileName}`}>
          <IconButton size="small" aria-label={`Open ${stored.fileName}`} onClick={() => openStoredFile(stored.id)}>
            <OpenInNew fontSize="small" />
          </IconButton>
        </Hint>
      ) : null;
    });
  const entryActions = (entry: SectionEntry) => (
    <>
      {rowActions?.(entry)}
      {editable && (
        <>
          <IconButton aria-label={`Edit ${config.noun} ${entry.EntryNo}`} onClick={() => setDialog({ open: true, entry })}>
            <Edit fontSize="small" />
          </IconButton>
          <IconButton aria-label={`Delete ${config.noun} ${entry.EntryNo}`} color="error" onClick={() => setDeleting(entry)}>
            <Delete fontSize="small" />
          </IconButton>
        </>
      )}
    </>
  );

  async function remove() {
    if (!deleting) return;
    try {
      await api.post(`profile/${config.path}/remove`, { EntryNo: deleting.EntryNo });
      await refresh(config.path, true);
    } catch (error) {
      setServerErrors(errorMessages(error));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card>
      <CardHeader
        title={config.title}
        slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
        action={
          <Box sx={{ display: 'flex', gap: 1 }}>
            {editable && !limit?.blocked && (
              <Button startIcon={<Add />} variant="contained" onClick={() => setDialog({ open: true, entry: null })}>
                {config.addLabel ?? `Add ${config.noun}`}
              </Button>
            )}
            {!alwaysEditable && Boolean(entries.data?.length) && (
              <Button startIcon={editing ? <Done /> : <Edit />} variant="outlined" onClick={() => setEditing(!editing)}>
                {editing ? 'Finish' : 'Edit'}
              </Button>
            )}
          </Box>
        }
      />
      <CardContent>
        {entries.isLoading && <LoadingSpinner />}
        {entries.error && <Alert severity="error">{entries.error.message}</Alert>}
        {entries.data?.length === 0 && <Alert severity="info">Nothing added yet.</Alert>}
        {Boolean(entries.data?.length) &&
          (editable && limit?.blocked ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {limit.blocked}
            </Alert>
          ) : (
            !editable && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Press Edit to add, change or delete {config.title.toLowerCase()}.
              </Typography>
            )
          ))}
        {Boolean(entries.data?.length) &&
          (phone ? (
            <Stack spacing={1.5}>
              {entries.data?.map((entry) => {
                const [first, ...rest] = columns;
                return (
                  <SummaryCard
                    key={entry.EntryNo}
                    label={`${config.noun} ${entry.EntryNo}`}
                    head={
                      <Typography variant="body2" color="text.secondary">
                        {first?.label}
                      </Typography>
                    }
                    aside={fileFields.length > 0 && <Box>{entryFiles(entry)}</Box>}
                    title={first?.value(entry)}
                  >
                    {rest.map((c) => (
                      <Typography key={c.label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          {c.label}:
                        </Box>{' '}
                        {c.value(entry)}
                      </Typography>
                    ))}
                    {(editable || rowActions) && <Box>{entryActions(entry)}</Box>}
                  </SummaryCard>
                );
              })}
            </Stack>
          ) : (
            <TableScroller label={config.title}>
              <Table size="small" aria-label={config.title}>
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c.label}>{c.label}</TableCell>
                    ))}
                    {fileFields.length > 0 && <TableCell>File</TableCell>}
                    {(editable || rowActions) && <TableCell align="right">Actions</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.data?.map((entry) => (
                    <TableRow key={entry.EntryNo}>
                      {columns.map((c) => (
                        <TableCell key={c.label}>{c.value(entry)}</TableCell>
                      ))}
                      {fileFields.length > 0 && <TableCell>{entryFiles(entry)}</TableCell>}
                      {(editable || rowActions) && (
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {entryActions(entry)}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroller>
          ))}
      </CardContent>
      <EntryDialog
        config={dialogConfig}
        loadSchema={resolvedLoadSchema}
        entry={dialog.entry}
        open={dialog.open}
        extra={extra}
        onClose={() => setDialog({ open: false, entry: null })}
        onSaved={(created) => {
          // Stay in edit mode after adding, so the next entry is one click away.
          setEditing(true);
          void refresh(config.path, created);
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete this ${config.noun}?`}
        confirmLabel="Delete"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete?
      </ConfirmDialog>
      <ErrorDialog messages={serverErrors} onClose={() => setServerErrors([])} />
    </Card>
  );
}
