import { FormControl, FormHelperText, InputLabel, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { formatDate } from '@portal/contract';
import {
  type ChangeEvent,
  type FocusEvent,
  forwardRef,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** What DateField takes: a text field's props as TextField names them (react-hook-form's `register` spreads in). */
export interface DateFieldProps {
  label: ReactNode;
  name?: string;
  value?: unknown;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** The earliest and latest days the picker offers, 'YYYY-MM-DD'. */
  min?: string | number;
  max?: string | number;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** The caller's helper text and the chosen day: an error message alone; otherwise 'Left empty: today · 21 Jun 2018'. */
function helperWith(helperText: ReactNode, error: boolean | undefined, day: string): ReactNode {
  if (error || !day) return helperText;
  const blank =
    helperText === undefined || helperText === null || helperText === false || (typeof helperText === 'string' && !helperText.trim());
  if (blank) return day;
  return (
    <>
      {helperText} · {day}
    </>
  );
}

/**
 * A date field (decision 040): the browser's own date input (the phone's date wheel, accessible, no date library),
 * whose text follows the browser's language (06/21/2018 in en-US, 21.06.2018 in German), so the field also says the
 * chosen day as the portal writes dates everywhere ('21 Jun 2018') under it, whatever the browser. Works controlled
 * (`value`) or registered with react-hook-form (`{...register(name)}`, read from the input itself). Drawn as TextField
 * draws it, without TextField (which carries MUI's Select, Menu, Popover and Modal, decision 054).
 */
export const DateField = forwardRef<HTMLDivElement, DateFieldProps>(function DateField(
  { min, max, inputRef, helperText, error, value, onChange, onBlur, name, label, required, disabled, fullWidth, size, sx },
  ref,
) {
  const input = useRef<HTMLInputElement | null>(null);
  const [typed, setTyped] = useState('');
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );
  // Uncontrolled (react-hook-form's register): its default or reset values are written into the input directly.
  useLayoutEffect(() => {
    const now = input.current?.value ?? '';
    if (now !== typed) setTyped(now);
  });
  const day = formatDate(value === undefined ? typed : String(value ?? ''));
  const id = useId();
  const shown = helperWith(helperText, error, day);
  return (
    <FormControl
      ref={ref}
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type="date"
        name={name}
        label={label}
        notched
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          setTyped(e.target.value);
          onChange?.(e);
        }}
        onBlur={onBlur}
        inputRef={setInput}
        inputProps={{ lang: 'en-KE', min, max, 'aria-describedby': shown ? `${id}-helper` : undefined }}
      />
      {shown && <FormHelperText id={`${id}-helper`}>{shown}</FormHelperText>}
    </FormControl>
  );
});
