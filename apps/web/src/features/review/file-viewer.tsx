import { Close, Visibility } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Skeleton } from '@mui/material';
import { useState } from 'react';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useStoredFile } from './api';

export interface FileRef {
  id: string;
  fileName: string;
}

/** Opens a stored file in the browser: a PDF page by page, an image as it is. */
export function FileDialog({ file, onClose }: { file: FileRef | null; onClose: () => void }) {
  const stored = useStoredFile(file?.id ?? null);
  const data = stored.data;
  const isPdf = data?.contentType === 'application/pdf';
  return (
    <Dialog open={Boolean(file)} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="file-title">
      <DialogTitle id="file-title" sx={{ pr: 6 }}>
        {file?.fileName}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {stored.isLoading && <LoadingSpinner label="Loading file" />}
        {stored.error && <Alert severity="error">{stored.error.message}</Alert>}
        {data && isPdf && <PdfViewer data={data.base64} fileName={data.fileName} />}
        {data && !isPdf && data.contentType.startsWith('image/') && (
          <Box
            component="img"
            src={`data:${data.contentType};base64,${data.base64}`}
            alt={data.fileName}
            sx={{ display: 'block', maxWidth: '100%', mx: 'auto' }}
          />
        )}
        {data && !isPdf && !data.contentType.startsWith('image/') && (
          <Alert severity="info">This file type cannot be shown in the browser.</Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A View button for a file, with the dialog it opens. */
export function FileButton({ file, label = 'View' }: { file: FileRef; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<Visibility fontSize="small" />} onClick={() => setOpen(true)} aria-label={`View ${file.fileName}`}>
        {label}
      </Button>
      <FileDialog file={open ? file : null} onClose={() => setOpen(false)} />
    </>
  );
}

/** The applicant's photo, fetched like any stored file. */
export function StoredPhoto({ id, alt, size = 120 }: { id: string | null; alt: string; size?: number }) {
  const stored = useStoredFile(id);
  if (!id) return null;
  if (!stored.data) return <Skeleton variant="rounded" width={size} height={size} />;
  return (
    <Box
      component="img"
      src={`data:${stored.data.contentType};base64,${stored.data.base64}`}
      alt={alt}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }}
    />
  );
}
