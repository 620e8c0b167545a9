import { UploadFile } from '@mui/icons-material';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { plural, readMemberNos } from './rules';

/** Largest list file read, in bytes (20,000 numbers fit in far less). */
const MAX_BYTES = 1_000_000;

/**
 * An uploaded list of member numbers: a .csv or .txt read in the browser (one number a line, or the first column),
 * how many were read, and Remove.
 */
export function MemberListField({ value, onChange, error }: { value: string[]; onChange: (nos: string[]) => void; error?: string }) {
  const [file, setFile] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setProblem('The list is too large: at most 1 MB');
      return;
    }
    const numbers = readMemberNos(await chosen.text());
    setProblem(numbers.length ? null : `No member numbers found in ${chosen.name}`);
    if (numbers.length) {
      setFile(chosen.name);
      onChange(numbers);
    }
  }

  const message = problem ?? error;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />}>
          {value.length ? 'Replace the list' : 'Upload member numbers'}
          <input hidden type="file" accept=".csv,.txt,text/csv,text/plain" onChange={choose} aria-label="Member numbers file" />
        </Button>
        {value.length > 0 && (
          <>
            <Typography variant="body2" role="status">
              {plural(value.length, 'member number')} read{file ? ` from ${file}` : ''}
            </Typography>
            <Button
              size="small"
              onClick={() => {
                setFile(null);
                onChange([]);
              }}
            >
              Remove
            </Button>
          </>
        )}
      </Stack>
      <FormHelperText error={Boolean(message)}>
        {message ?? 'A .csv or .txt file: one member number a line, or in the first column. Only these members are sent to.'}
      </FormHelperText>
    </Stack>
  );
}
