import { TextField, type TextFieldProps } from '@mui/material';
import { formatDate } from '@portal/contract';
import { forwardRef, type ReactNode, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'select' | 'slotProps' | 'children'> & {
  /** The earliest and latest days the picker offers, 'YYYY-MM-DD'. */
  min?: string | number;
  max?: string | number;
};

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
 * (`value`) or registered with react-hook-form (`{...register(name)}`, read from the input itself).
 */
export const DateField = forwardRef<HTMLDivElement, DateFieldProps>(function DateField(
  { min, max, inputRef, helperText, error, value, onChange, ...props },
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
  return (
    <TextField
      {...props}
      ref={ref}
      type="date"
      value={value}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange?.(e);
      }}
      inputRef={setInput}
      error={error}
      helperText={helperWith(helperText, error, day)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: 'en-KE', min, max } }}
    />
  );
});
