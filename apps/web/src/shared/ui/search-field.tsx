import Search from '@mui/icons-material/Search';
import { IconButton, InputAdornment, type SxProps, type Theme } from '@mui/material';
import type { ChangeEvent, ReactNode } from 'react';
import { TextInput } from './text-input';

/**
 * A search box inside a form: the search button at its end submits the form. Drawn with TextInput, not TextField
 * (which carries MUI's Select, Menu, Popover and Modal into every list page, decision 054).
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  fullWidth = false,
  size,
  helperText,
  sx,
}: {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextInput
      type="text"
      label={label}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      fullWidth={fullWidth}
      size={size}
      helperText={helperText}
      sx={sx}
      endAdornment={
        <InputAdornment position="end">
          <IconButton type="submit" aria-label="Search" edge="end">
            <Search />
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
