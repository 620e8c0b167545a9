import { CheckCircle, Warning } from '@mui/icons-material';
import { Stack, TableCell, TableRow } from '@mui/material';
import type { ChecklistItem } from '@portal/contract';
import type { ReactNode } from 'react';
import { ResendRefereesButton } from '../member/referee-resend';
import { Caption } from './caption';
import { PlainTable } from './plain-table';
import { STATUS_COLORS } from './status-colors';

/**
 * A checklist's items: the description (with `showType`, the item's checklist type under it; a failing item's note
 * under it, 'Waiting for referees: 1 accepted, 1 pending'), the state as the fixed green tick or the warning sign,
 * and the item's `action` (Complete, routed as the page has it), with Resend beside a referee item that waits.
 */
export function ChecklistTable({
  label,
  items,
  outlined,
  showType,
  action,
}: {
  label: string;
  items: ChecklistItem[];
  outlined?: boolean;
  showType?: boolean;
  action: (item: ChecklistItem) => ReactNode;
}) {
  return (
    <PlainTable label={label} outlined={outlined} columns={['Item', 'Status', { label: 'Actions', align: 'right' }]}>
      {items.map((item) => (
        <TableRow key={item.code}>
          <TableCell>
            {item.description}
            {showType && <Caption>{item.checkListType}</Caption>}
            {!item.pass && item.note && <Caption>{item.note}</Caption>}
          </TableCell>
          <TableCell>
            {item.pass ? (
              <CheckCircle sx={{ color: STATUS_COLORS.good }} titleAccess="Complete" />
            ) : (
              <Warning sx={{ color: 'warning.main' }} titleAccess="Incomplete" />
            )}
          </TableCell>
          <TableCell align="right">
            <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <ResendRefereesButton item={item} />
              {action(item)}
            </Stack>
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}
