import { LiteChip } from '../../shared/lite/surfaces';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

/** Active shows green and any other status orange (part 1 §4), whatever the site's palette. */
export function StatusChip({ status }: { status: string }) {
  const color = status === 'Active' ? STATUS_COLORS.good : STATUS_COLORS.pending;
  return <LiteChip label={status} bg={color} bold />;
}
