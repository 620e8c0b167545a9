import { MenuItem, type SxProps, TextField, type Theme } from '@mui/material';

/**
 * A list's filter as a small select: `all` (the empty value) first, then `options`. With `showEmpty` the label
 * stays above and the empty choice shows its text.
 */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  all,
  options,
  showEmpty,
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
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
      sx={sx}
      slotProps={showEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
