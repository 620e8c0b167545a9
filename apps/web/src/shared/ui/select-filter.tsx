import { Box, type SxProps, type Theme } from '@mui/material';
import { type ChangeEvent, type ReactNode, useId } from 'react';

/**
 * A select of the browser's own (its options are `<option>`s) drawn as MUI's outlined field (the notched outline,
 * the label always above, the arrow), in CSS (`.lt-field` in lite.css) instead of FormControl, InputLabel,
 * NativeSelect and OutlinedInput (about 9 kB gzipped). For lists' filters and page-level choices (a year, a
 * category): TextField's select carries MUI's Select, Menu, Popover and Modal into every page that has one
 * (decision 054), and a phone shows its own picker anyway. Forms keep TextField's select.
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
  const classes = ['lt-field', size === 'small' && 'lt-field-small', fullWidth && 'lt-field-full', disabled && 'lt-field-disabled'];
  return (
    <Box className={classes.filter(Boolean).join(' ')} sx={sx}>
      <label htmlFor={id} className="lt-field-label">
        {label}
      </label>
      <div className="lt-field-box">
        <select id={id} className="lt-field-select" value={value} onChange={onChange} disabled={disabled}>
          {children}
        </select>
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="lt-field-arrow">
          <path d="M7 10l5 5 5-5z" />
        </svg>
        <fieldset aria-hidden="true" className="lt-field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </Box>
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
