import { type SxProps, Table, TableBody, TableHead, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { HeaderRow, type ServerTableColumn } from './server-table';
import { TableScroller } from './table-scroller';

/**
 * A small table of rows already at hand: bold column headers (`columns`, or a `head` row of its own) and the rows.
 * Bare inside a card, or in an outlined paper when `outlined`.
 */
export function PlainTable({
  label,
  columns,
  head,
  outlined,
  sx,
  children,
}: {
  label: string;
  columns?: ServerTableColumn[];
  head?: ReactNode;
  outlined?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const table = (
    <Table size="small" aria-label={label} sx={sx}>
      <TableHead sx={{ '& th': { fontWeight: 700 } }}>{head ?? <HeaderRow columns={columns ?? []} />}</TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  return (
    <TableScroller label={label} outlined={outlined}>
      {table}
    </TableScroller>
  );
}
