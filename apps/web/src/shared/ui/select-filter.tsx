import { FormControl, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { type ChangeEvent, type ReactNode, useId } from 'react';

/**
 * A select of the browser's own (its options are `<option>`s) in MUI's outlined frame, the label always above. For
 * lists' filters and page-level choices (a year, a category): TextField's select carries MUI's Select, Menu, Popover
 * and Modal (about 20 kB gzipped) into every page that has one (decision 054), and a phone shows its own picker
 * anyway. Forms in dialogs keep TextField's select.
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  size,
  fullWidth,
  disabled,
  sx,
  children,
}: {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FormControl size={size} fullWidth={fullWidth} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={onChange} input={<OutlinedInput label={label} notched />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}

/**
 * A list's filter as a small select: `all` (the empty value) first, then `options` (NativeSelectField).
 * `showEmpty` is kept for the callers: the label always stays above and the empty choice shows its text.
 */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  all,
  options,
  sx,
}: {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  all: string;
  options: readonly { value: V; label: string }[];
  showEmpty?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <NativeSelectField size="small" label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')} sx={sx}>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelectField>
  );
}
