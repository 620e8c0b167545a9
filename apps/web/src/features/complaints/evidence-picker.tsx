import { AttachFile, Close } from '@mui/icons-material';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { COMPLAINT_MAX_FILES } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { addEvidence, EVIDENCE_ACCEPT, fileSize } from './rules';

/**
 * A picker of several files (PDF, PNG, JPEG, at most five of 10 MB): the chosen files listed, each removable; a file
 * refused for its type, size or number is left out with the reason under the list.
 */
export function EvidencePicker({
  label,
  files,
  onChange,
  disabled,
  error,
}: {
  /** The button's text, which names the input too ('Add evidence', 'Add documents'). */
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const helpId = useId();
  const message = error ?? refusal;

  function pick(list: FileList | null) {
    const result = addEvidence(files, [...(list ?? [])]);
    setRefusal(result.refusal);
    onChange(result.files);
    if (input.current) input.current.value = '';
  }

  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" variant="outlined" startIcon={<AttachFile />} disabled={disabled || files.length >= COMPLAINT_MAX_FILES}>
          {label}
          <input
            ref={input}
            hidden
            multiple
            type="file"
            accept={EVIDENCE_ACCEPT}
            aria-label={label}
            aria-describedby={helpId}
            onChange={(e) => pick(e.target.files)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" id={helpId}>
          PDF, PNG or JPEG · up to {COMPLAINT_MAX_FILES} files of 10 MB
        </Typography>
      </Stack>
      {files.length > 0 && (
        <Box component="ul" aria-label="Chosen files" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {files.map((file, i) => (
            <Box
              component="li"
              key={`${file.name}-${file.size}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({fileSize(file.size)})
                </Box>
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  setRefusal(null);
                  onChange(files.filter((_, j) => j !== i));
                }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
