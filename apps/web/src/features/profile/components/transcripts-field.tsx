import { Add, Delete } from '@mui/icons-material';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import { profileMessages, transcriptMessages } from '@portal/contract';

export interface TranscriptDraft {
  description: string;
  file: File | null;
}

/** What each transcript row lacks, by row: the description's and the file's message (issue 16). */
export function transcriptRowProblems(t: TranscriptDraft, index: number): { description?: string; file?: string } {
  return {
    description: t.description.trim() ? undefined : transcriptMessages.description(index + 1),
    file: !t.file
      ? transcriptMessages.file(index + 1)
      : t.file.size > 10_000_000
        ? profileMessages.attachmentTooLarge
        : t.file.type !== 'application/pdf' && !t.file.name.toLowerCase().endsWith('.pdf')
          ? profileMessages.attachmentNotPdf
          : undefined,
  };
}

/** Every transcript problem, in row order; undefined when there is none. */
export function transcriptProblem(list: TranscriptDraft[]): string | undefined {
  const all = list.flatMap((t, i) => Object.values(transcriptRowProblems(t, i)).filter(Boolean));
  return all.length ? all.join('. ') : undefined;
}

/** Transcripts of a foreign qualification: a description and a PDF each; after a Save each row says what it lacks. */
export function TranscriptsField({
  value,
  onChange,
  showErrors,
}: {
  value: TranscriptDraft[];
  onChange: (v: TranscriptDraft[]) => void;
  /** The form was saved: rows show what they lack. */
  showErrors?: boolean;
}) {
  const set = (i: number, patch: Partial<TranscriptDraft>) => onChange(value.map((t, n) => (n === i ? { ...t, ...patch } : t)));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">Transcripts</Typography>
      {value.map((t, i) => {
        const problems = showErrors ? transcriptRowProblems(t, i) : {};
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are saved
          <Stack key={i} direction="row" spacing={1} alignItems="flex-start" sx={{ mt: 1 }}>
            <TextField
              label={`Transcript ${i + 1} description`}
              value={t.description}
              error={Boolean(problems.description)}
              helperText={problems.description}
              onChange={(e) => set(i, { description: e.target.value })}
            />
            <Box sx={{ flexShrink: 0, pt: 1 }}>
              <Button component="label" variant="outlined" size="small" color={problems.file ? 'error' : 'primary'}>
                {t.file ? t.file.name : 'Choose PDF'}
                <input
                  hidden
                  type="file"
                  accept="application/pdf"
                  aria-label={`Transcript ${i + 1} file`}
                  onChange={(e) => set(i, { file: e.target.files?.[0] ?? null })}
                />
              </Button>
              {problems.file && <FormHelperText error>{problems.file}</FormHelperText>}
            </Box>
            <IconButton aria-label={`Remove transcript ${i + 1}`} onClick={() => onChange(value.filter((_, n) => n !== i))}>
              <Delete fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      <Box>
        <Button startIcon={<Add />} size="small" sx={{ mt: 1 }} onClick={() => onChange([...value, { description: '', file: null }])}>
          Add transcript
        </Button>
      </Box>
    </Box>
  );
}
