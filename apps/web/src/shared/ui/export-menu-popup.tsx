import { ListItemText, Menu, MenuItem } from '@mui/material';
import type { ExportFormat } from '@portal/contract';

const FORMATS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', hint: 'Any spreadsheet or program' },
  { format: 'xlsx', label: 'Excel', hint: 'Excel workbook (.xlsx)' },
];

/** The Export menu with its choices, fetched when it first opens (decision 054). */
export function ExportMenuPopup({
  id,
  anchor,
  onClose,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onChoose: (format: ExportFormat) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {FORMATS.map((f) => (
        <MenuItem key={f.format} onClick={() => onChoose(f.format)}>
          <ListItemText primary={f.label} secondary={f.hint} />
        </MenuItem>
      ))}
    </Menu>
  );
}
