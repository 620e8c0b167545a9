import { ArrowDropDown, FileDownload } from '@mui/icons-material';
import { Button, CircularProgress } from '@mui/material';
import { type ExportFormat, type ExportList, exportFileName, exportPath } from '@portal/contract';
import { lazy, useId, useState } from 'react';
import { fetchFile } from '../api/fetch-file';
import { nairobiToday } from '../payments/documents';
import { saveBlob } from './save-blob';
import { useToast } from './toast';
import { WhenOpened } from './when-opened';

const ExportMenuPopup = lazy(() => import('./export-menu-popup').then((m) => ({ default: m.ExportMenuPopup })));

/**
 * Export (decision 050): a menu of CSV and Excel that downloads the whole list with the filters on screen (never only
 * the page shown). The file comes with the session's token, like the CPD compliance CSV, and is saved under the
 * server's name (`invoices-2026-11-27.xlsx`).
 */
export function ExportMenu({ list, filters, label = 'Export' }: { list: ExportList; filters: object; label?: string }) {
  const toast = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  async function download(format: ExportFormat) {
    setAnchor(null);
    setBusy(true);
    try {
      const file = await fetchFile(exportPath(list, filters, format));
      saveBlob(file.blob, file.fileName ?? exportFileName(list, nairobiToday(), format));
    } catch (error) {
      toast(error instanceof Error ? error.message : 'The export failed. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownload />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {busy ? 'Exporting…' : label}
      </Button>
      <WhenOpened open={Boolean(anchor)}>
        <ExportMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} onChoose={(format) => void download(format)} />
      </WhenOpened>
    </>
  );
}
