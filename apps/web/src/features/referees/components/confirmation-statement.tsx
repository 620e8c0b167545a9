import { Box, Link, Typography } from '@mui/material';
import { REFEREE_PREVIEW_CHARS } from '@portal/contract';
import { useState } from 'react';

/** The statement as shown: whole, or its first 300 characters and an ellipsis; `long` says whether it was cut. */
export function statementPreview(text: string, open: boolean) {
  const long = text.length > REFEREE_PREVIEW_CHARS;
  return { long, shown: !long || open ? text : `${text.slice(0, REFEREE_PREVIEW_CHARS).trimEnd()}…` };
}

/** The confirmation statement, cut at 300 characters with Read more / Less (part 1 §2). */
export function ConfirmationStatement({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const { long, shown } = statementPreview(text, open);
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Confirmation statement
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {shown}{' '}
        {long && (
          <Link component="button" type="button" variant="body2" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Less' : 'Read more'}
          </Link>
        )}
      </Typography>
    </Box>
  );
}
