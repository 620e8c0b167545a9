import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from '@mui/icons-material';
import { Alert, Box, Button, LinearProgress, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { type CpdRequirement, cpdMessages, cpdRequirementsInput } from '@portal/contract';
import { useState } from 'react';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { Caption } from '../../shared/ui/caption';
import { eachFieldError } from '../../shared/ui/field-errors';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useToast } from '../../shared/ui/toast';
import { cpdApi, useCpdRequirements, useRefreshCpd } from './api';

interface Values {
  requirements: { categoryCode: string; annualPoints: number; structuredPoints: number }[];
}

const toValues = (rows: CpdRequirement[]): Values => ({
  requirements: rows.map((r) => ({ categoryCode: r.categoryCode, annualPoints: r.annualPoints, structuredPoints: r.structuredPoints })),
});

function RequirementsForm({ rows }: { rows: CpdRequirement[] }) {
  const toast = useToast();
  const refresh = useRefreshCpd();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(cpdRequirementsInput), defaultValues: toValues(rows) });
  const { fields } = useFieldArray({ control: form.control, name: 'requirements' });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await cpdApi.saveRequirements(values.requirements);
      form.reset(Array.isArray(saved) ? toValues(saved) : values);
      await refresh();
      toast(cpdMessages.requirementsSaved);
    } catch (e) {
      eachFieldError(e, (field, message) => {
        if (/^requirements\.\d+\.(annualPoints|structuredPoints)$/.test(field)) form.setError(field as Path<Values>, { message });
      });
      setError(e instanceof Error ? e.message : 'Something went wrong');
    }
  });

  const phone = usePhoneCards();
  /** A number field named `label` for screen readers; on a phone's card it shows `visibleLabel` too. */
  const numberField = (index: number, name: 'annualPoints' | 'structuredPoints', label: string, visibleLabel?: string) => {
    const fieldError = errors.requirements?.[index]?.[name];
    return (
      <TextField
        type="number"
        size="small"
        label={visibleLabel}
        {...form.register(`requirements.${index}.${name}`, { valueAsNumber: true })}
        error={Boolean(fieldError)}
        helperText={fieldError?.message}
        slotProps={{ htmlInput: { min: 0, max: 1000, step: 1, inputMode: 'decimal', 'aria-label': label } }}
        sx={{ width: { xs: 120, sm: 220 } }}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The points a member of each category must earn in a year, and how many of them must come from structured activities (courses,
        conferences, seminars, workshops). 0 annual points means the category has no requirement.
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {phone ? (
        <Stack spacing={1.5}>
          {fields.map((f, index) => {
            const name = rows[index]?.description ?? f.categoryCode;
            return (
              <SummaryCard
                key={f.id}
                label={`CPD requirement of ${name}`}
                head={
                  <Typography variant="body2" color="text.secondary">
                    {f.categoryCode}
                  </Typography>
                }
                aside={null}
                title={name}
              >
                <Stack direction="row" spacing={1}>
                  {numberField(index, 'annualPoints', `Annual points for ${name}`, 'Annual points')}
                  {numberField(index, 'structuredPoints', `Structured points for ${name}`, 'Structured points')}
                </Stack>
              </SummaryCard>
            );
          })}
        </Stack>
      ) : (
        <PlainTable label="CPD requirements" sx={{ minWidth: 560 }} columns={['Category', 'Annual points', 'Structured points']}>
          {fields.map((f, index) => {
            const row = rows[index];
            return (
              <TableRow key={f.id}>
                <TableCell>
                  {row?.description ?? f.categoryCode}
                  <Caption>{f.categoryCode}</Caption>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {numberField(index, 'annualPoints', `Annual points for ${row?.description ?? f.categoryCode}`)}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {numberField(index, 'structuredPoints', `Structured points for ${row?.description ?? f.categoryCode}`)}
                </TableCell>
              </TableRow>
            );
          })}
        </PlainTable>
      )}
      {isSubmitting && <LinearProgress aria-label="Saving the requirements" sx={{ mt: 2 }} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" startIcon={<Save />} disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}

/** The main administrator's CPD requirement per membership category. */
export function RequirementsTab() {
  const requirements = useCpdRequirements(true);
  if (requirements.isLoading) return <LoadingSpinner label="Loading the requirements" />;
  if (requirements.error) return <Alert severity="error">{requirements.error.message}</Alert>;
  const rows = requirements.data ?? [];
  if (rows.length === 0) return <Typography color="text.secondary">There are no membership categories yet.</Typography>;
  return <RequirementsForm key={JSON.stringify(rows)} rows={rows} />;
}
