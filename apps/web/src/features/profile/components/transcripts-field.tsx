import { Add, Delete } from '@mui/icons-material';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { profileMessages } from '@portal/contract';

export interface TranscriptDraft {
  description: string;
  file: File | null;
}

/** Transcripts of a foreign qualification: a description and a PDF each. */
export function TranscriptsField({
  value,
  onChange,
  error,
}: {
  value: TranscriptDraft[];
  onChange: (v: TranscriptDraft[]) => void;
  error?: string;
}) {
  const set = (i: number, patch: Partial<TranscriptDraft>) => onChange(value.map((t, n) => (n === i ? { ...t, ...patch } : t)));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">Transcripts</Typography>
      {value.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are saved
        <Stack key={i} direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
          <TextField
            label={`Transcript ${i + 1} description`}
            value={t.description}
            onChange={(e) => set(i, { description: e.target.value })}
          />
          <Button component="label" variant="outlined" size="small" sx={{ flexShrink: 0 }}>
            {t.file ? t.file.name : 'Choose PDF'}
            <input
              hidden
              type="file"
              accept="application/pdf"
              aria-label={`Transcript ${i + 1} file`}
              onChange={(e) => set(i, { file: e.target.files?.[0] ?? null })}
            />
          </Button>
          <IconButton aria-label={`Remove transcript ${i + 1}`} onClick={() => onChange(value.filter((_, n) => n !== i))}>
            <Delete fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      {error && (
        <Typography color="error" variant="caption">
          {error}
        </Typography>
      )}
      <Box>
        <Button startIcon={<Add />} size="small" sx={{ mt: 1 }} onClick={() => onChange([...value, { description: '', file: null }])}>
          Add transcript
        </Button>
      </Box>
    </Box>
  );
}

export function transcriptProblem(list: TranscriptDraft[]): string | undefined {
  if (list.some((t) => !t.description.trim() || !t.file)) return 'Each transcript needs a description and an attachment';
  if (list.some((t) => t.file && t.file.size > 10_000_000)) return profileMessages.attachmentTooLarge;
  return undefined;
}
