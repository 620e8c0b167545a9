import { Search } from '@mui/icons-material';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';

/** A search box inside a form: the search button at its end submits the form. */
export function SearchField(props: Omit<TextFieldProps, 'slotProps'>) {
  return (
    <TextField
      {...props}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton type="submit" aria-label="Search" edge="end">
                <Search />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
