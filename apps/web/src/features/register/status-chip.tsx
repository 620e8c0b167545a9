import { Chip } from '@mui/material';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

/** Active shows green and any other status orange (part 1 §4), whatever the site's palette. */
export function StatusChip({ status }: { status: string }) {
  const color = status === 'Active' ? STATUS_COLORS.good : STATUS_COLORS.pending;
  return <Chip size="small" label={status} sx={{ bgcolor: color, color: '#fff', fontWeight: 600 }} />;
}
