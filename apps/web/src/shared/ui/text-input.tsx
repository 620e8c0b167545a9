import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps, type SxProps, type Theme } from '@mui/material';
import { forwardRef, type ReactNode, useId } from 'react';

export interface TextInputProps
  extends Pick<
    OutlinedInputProps,
    | 'type'
    | 'name'
    | 'value'
    | 'defaultValue'
    | 'onChange'
    | 'onBlur'
    | 'placeholder'
    | 'autoComplete'
    | 'autoFocus'
    | 'endAdornment'
    | 'startAdornment'
    | 'disabled'
  > {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Styles of the field's box (width, growth in a row). */
  sx?: SxProps<Theme>;
  /** Attributes of the <input> itself (maxLength, aria-label, inputMode…). */
  htmlInput?: OutlinedInputProps['inputProps'];
}

/**
 * An outlined text field as MUI's TextField draws it (label, outline, helper text, error state), without the
 * select machinery TextField carries (Select, Menu, Popover, Modal: about 17 kB gzipped). The public pages (sign-in,
 * the register) use it to keep their first load small (decision 033), and so do the signed-in pages' search boxes
 * (decision 054).
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, error, helperText, fullWidth = true, size, sx, htmlInput, ...input },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} disabled={input.disabled} size={size} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        size={size}
        id={id}
        label={label}
        inputRef={ref}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId, 'aria-invalid': error || undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
