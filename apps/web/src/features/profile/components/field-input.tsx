import { Button, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { PHONE_EXAMPLE } from '@portal/contract';
import type { Control, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { DateField } from '../../../shared/ui/date-field';
import { useLookup } from '../api';
import type { FieldDef, Option } from './field-types';

const today = () => new Date().toISOString().slice(0, 10);

function useOptions(field: FieldDef, parent: string | undefined): Option[] {
  const needsParent = Boolean(field.lookup?.parentFrom);
  const lookup = useLookup(
    field.lookup?.list ?? '',
    needsParent ? parent : undefined,
    Boolean(field.lookup) && (!needsParent || Boolean(parent)),
  );
  if (field.options) return field.options;
  if (!field.lookup || !lookup.data) return [];
  const { value, label } = field.lookup;
  return lookup.data.map((row) => ({ value: String(row[value]), label: String(row[label]) }));
}

export function FileField({
  field,
  file,
  stored,
  error,
  onChange,
  disabled,
}: {
  field: FieldDef;
  file: File | null | undefined;
  stored?: string | null;
  error?: string;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {field.label}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button component="label" variant="outlined" size="small" color={error ? 'error' : 'primary'} disabled={disabled}>
          {file ? 'Change file' : 'Choose file'}
          <input
            hidden
            type="file"
            aria-label={field.label}
            accept={field.accept === 'image' ? 'image/png,image/jpeg' : 'application/pdf'}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2" noWrap sx={{ maxWidth: 260 }}>
          {file?.name ?? stored ?? 'No file chosen'}
        </Typography>
      </Stack>
      {(error || field.helper) && <FormHelperText error={Boolean(error)}>{error ?? field.helper}</FormHelperText>}
    </Stack>
  );
}

export function FieldInput<T extends FieldValues>({
  field,
  control,
  parentValue,
  disabled,
}: {
  field: FieldDef;
  control: Control<T>;
  parentValue?: string;
  disabled?: boolean;
}) {
  const options = useOptions(field, parentValue);
  return (
    <Controller
      name={field.name as never}
      control={control}
      render={({ field: f, fieldState }) => {
        const atMax = Boolean(field.maxLength && field.maxReachedMessage && String(f.value ?? '').length >= (field.maxLength ?? 0));
        const common = {
          label: field.label,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? (atMax ? field.maxReachedMessage : field.helper),
          disabled,
        };
        if (field.kind === 'switch') {
          return (
            <FormControlLabel
              control={<Switch checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} disabled={disabled} />}
              label={field.label}
            />
          );
        }
        if (field.kind === 'select') {
          return (
            <TextField
              select
              {...common}
              value={f.value ?? ''}
              onChange={(e) => f.onChange(e.target.value)}
              onBlur={f.onBlur}
              inputRef={f.ref}
            >
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (field.kind === 'date') {
          return (
            <DateField
              {...common}
              value={f.value ?? ''}
              onChange={(e) => f.onChange(e.target.value)}
              onBlur={f.onBlur}
              inputRef={f.ref}
              max={today()}
            />
          );
        }
        return (
          <TextField
            {...common}
            type={field.kind === 'number' ? 'number' : field.phone ? 'tel' : 'text'}
            placeholder={field.phone ? PHONE_EXAMPLE : undefined}
            multiline={field.kind === 'textarea'}
            minRows={field.kind === 'textarea' ? 3 : undefined}
            value={f.value ?? ''}
            onChange={(e) => {
              let v = e.target.value;
              if (field.upper) v = v.toUpperCase();
              if (field.digits) v = v.replace(/[^\d.]/g, '');
              f.onChange(v);
            }}
            onBlur={f.onBlur}
            inputRef={f.ref}
            slotProps={{ htmlInput: { maxLength: field.maxLength, min: field.kind === 'number' ? 0 : undefined } }}
          />
        );
      }}
    />
  );
}
