import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment } from '@mui/material';
import { forwardRef, useState } from 'react';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextInputProps, 'type' | 'endAdornment'>>(
  function PasswordField(props, ref) {
    const [shown, setShown] = useState(false);
    return (
      <TextInput
        {...props}
        ref={ref}
        type={shown ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown((s) => !s)} edge="end" size="small">
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
