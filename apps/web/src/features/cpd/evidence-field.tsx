import { UploadFile } from '@mui/icons-material';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';

/** The evidence upload: a PDF, its name once chosen, and the rule's message below. */
export function EvidenceField({
  file,
  stored,
  error,
  required,
  onChange,
}: {
  file: File | null;
  stored: string | null;
  error?: string;
  required: boolean;
  onChange: (file: File | null) => void;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'}>
        Evidence (PDF, at most 10MB){required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button component="label" variant="outlined" size="small" color={error ? 'error' : 'primary'} startIcon={<UploadFile />}>
          {file ? 'Change file' : 'Choose file'}
          <input
            hidden
            type="file"
            aria-label="Evidence"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              onChange(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
          {file?.name ?? stored ?? 'No file chosen'}
        </Typography>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
