import { FormControl, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { useId } from 'react';

/**
 * A list's filter as a small select: `all` (the empty value) first, then `options`. The browser's own select in
 * MUI's outlined frame (the label always above): a select from TextField carries MUI's Select, Menu, Popover and
 * Modal (about 20 kB gzipped) into every list page (decision 054), and a phone shows its own picker anyway.
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
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V | '')}
        input={<OutlinedInput label={label} notched />}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
