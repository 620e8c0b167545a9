import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { documentMessages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from './save-blob';

export interface PdfViewerProps {
  /** The PDF as base64, as the API returns documents. Undefined while it is being fetched. */
  data: string | null | undefined;
  /** Whether the document is still being fetched. */
  loading?: boolean;
  /** The server's message when fetching failed. */
  error?: string | null;
  /** Name of the downloaded file, e.g. CERTIFICATE-APP000012.pdf. */
  fileName: string;
  /** Shows a Back button when given. */
  onBack?: () => void;
  backLabel?: string;
}

/** Part 1 §8: a viewer shows 'Invalid receipt No.' when the document is empty or says Invalid. */
export function isInvalidDocument(data: string | null | undefined): boolean {
  return !data?.trim() || data.includes('Invalid');
}

export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const bin = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** Saves the PDF under `fileName`. */
export function downloadPdf(data: string, fileName: string) {
  saveBlob(new Blob([base64ToBytes(data)], { type: 'application/pdf' }), fileName);
}

// pdf.js is large: loaded only when a document is shown, with its worker served from the app's own origin.
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * The server's documents use the standard Helvetica family, which PDFs do not embed. Rather than a system
 * font with other widths (letters drift apart), pdf.js gets the metric-compatible Liberation Sans files it
 * ships, fetched on demand from the app's own origin.
 */
const STANDARD_FONTS: Record<string, () => Promise<{ default: string }>> = {
  'LiberationSans-Regular.ttf': () => import('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf?url'),
  'LiberationSans-Bold.ttf': () => import('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf?url'),
  'LiberationSans-Italic.ttf': () => import('pdfjs-dist/standard_fonts/LiberationSans-Italic.ttf?url'),
  'LiberationSans-BoldItalic.ttf': () => import('pdfjs-dist/standard_fonts/LiberationSans-BoldItalic.ttf?url'),
};

class StandardFontFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const load = STANDARD_FONTS[filename];
    if (kind !== 'standardFontDataUrl' || !load) throw new Error(`No ${filename}`);
    const response = await fetch((await load()).default);
    if (!response.ok) throw new Error(`${filename}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * Shows every page of a base64 PDF, with progress while it loads, a Download button and, when asked,
 * a Back button. Reused by every document screen (certificates, letters, referee report, billing).
 */
export function PdfViewer({ data, loading, error, fileName, onBack, backLabel = 'Back' }: PdfViewerProps) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const invalid = !loading && !error && isInvalidDocument(data);

  useEffect(() => {
    const container = pagesRef.current;
    if (!container || loading || error || !data || isInvalidDocument(data)) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setRenderError(null);
    setProgress({ done: 0, total: 0 });
    container.replaceChildren();
    (async () => {
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({
        data: base64ToBytes(data),
        isEvalSupported: false,
        useSystemFonts: false,
        useWorkerFetch: false,
        BinaryDataFactory: StandardFontFactory,
      });
      destroy = () => void task.destroy();
      const pdf = await task.promise;
      if (cancelled) return;
      setProgress({ done: 0, total: pdf.numPages });
      const width = Math.min(container.clientWidth || 900, 1000);
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.maxWidth = `${width}px`;
        canvas.style.display = 'block';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${pdf.numPages}`);
        canvas.dataset.page = String(n);
        const frame = document.createElement('div');
        frame.className = 'pdf-page';
        frame.style.margin = '0 auto 16px';
        frame.style.maxWidth = `${width}px`;
        frame.style.boxShadow = '0 1px 4px rgba(0,0,0,0.25)';
        frame.style.background = '#fff';
        frame.appendChild(canvas);
        container.appendChild(frame);
        await page.render({ canvas, viewport }).promise;
        if (cancelled) return;
        setProgress({ done: n, total: pdf.numPages });
      }
    })().catch((e: unknown) => {
      if (!cancelled) setRenderError(e instanceof Error ? e.message : 'The document could not be shown');
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [data, loading, error]);

  const rendering = progress !== null && (progress.total === 0 || progress.done < progress.total);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {onBack && (
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={onBack}>
            {backLabel}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={Boolean(loading || error || invalid || !data)}
          onClick={() => data && downloadPdf(data, fileName)}
        >
          Download
        </Button>
      </Stack>
      {loading && (
        <Box sx={{ py: 2 }}>
          <LinearProgress aria-label="Loading document" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Preparing the document…
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {invalid && (
        <Alert severity="warning" role="alert">
          {documentMessages.invalidDocument}
        </Alert>
      )}
      {renderError && (
        <Alert severity="error" role="alert">
          {renderError}
        </Alert>
      )}
      {!loading && !error && !invalid && rendering && (
        <Box sx={{ mb: 2 }}>
          <LinearProgress
            aria-label="Rendering document"
            variant={progress?.total ? 'determinate' : 'indeterminate'}
            value={progress?.total ? (progress.done / progress.total) * 100 : 0}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {progress?.total ? `Page ${progress.done} of ${progress.total}` : 'Opening the document…'}
          </Typography>
        </Box>
      )}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1, sm: 2 }, bgcolor: 'grey.100', display: loading || error || invalid ? 'none' : 'block' }}
        data-testid="pdf-pages"
      >
        <div ref={pagesRef} />
      </Paper>
    </Box>
  );
}
