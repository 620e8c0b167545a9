import { AttachFile, CloudUpload } from '@mui/icons-material';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { licenseMessages } from '@portal/contract';
import { useRef, useState } from 'react';
import { useDismissToast, useToast } from '../../shared/ui/toast';
import { UploadProgress } from '../../shared/ui/upload-progress';
import { uploadSignedApplication, useRefreshLicenses } from './api';
import { uploadRefusal } from './rules';

/**
 * The signed application's upload (part 2 §2.4, §5): a PDF-only picker; a file that is not a PDF or is too large
 * is refused with the danger toast and cleared. Uploading submits the application and raises its invoice.
 */
export function UploadPanel({ licenseApplicationNo }: { licenseApplicationNo: string }) {
  const toast = useToast();
  const dismissToast = useDismissToast();
  const refresh = useRefreshLicenses();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // undefined: not uploading; a number: percent sent; null: the server is working on it.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== undefined;

  function clear() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  function pick(picked: File | undefined) {
    setError(null);
    if (!picked) return clear();
    const refusal = uploadRefusal(picked);
    if (refusal) {
      toast(refusal, 'error');
      return clear();
    }
    // A good file answers the refusal of the one before: its message goes.
    dismissToast('error');
    setFile(picked);
  }

  async function upload() {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const result = await uploadSignedApplication(licenseApplicationNo, file, setProgress);
      toast(result.message ?? licenseMessages.uploaded);
      clear();
      await refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Upload the signed application">
      <Stack spacing={2}>
        <Typography>{licenseMessages.uploadHelp}</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button component="label" variant="outlined" startIcon={<AttachFile />} disabled={uploading}>
            {licenseMessages.attachLabel}
            <input
              ref={input}
              hidden
              type="file"
              accept="application/pdf,.pdf"
              aria-label={licenseMessages.attachLabel}
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
            {file?.name ?? 'No file chosen'}
          </Typography>
        </Stack>
        <UploadProgress progress={progress} checking="Checking the document…" label="Upload progress" />
        <Box>
          <Button variant="contained" startIcon={<CloudUpload />} disabled={!file || uploading} onClick={upload}>
            {licenseMessages.uploadButton}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
