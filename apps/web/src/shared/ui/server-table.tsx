import { Card, type SxProps, Table, TableBody, TableCell, TableHead, TableRow, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import type { TableColumn } from '../lite/table';
import { LinearProgress } from './linear-progress';
import { ServerPagination } from './server-pagination';
import { TableScroller } from './table-scroller';

/** A column header; actions and amounts are right-aligned. */
export type ServerTableColumn = TableColumn;

/** A table's header row: one cell a column. */
export function HeaderRow({ columns }: { columns: ServerTableColumn[] }) {
  return (
    <TableRow>
      {columns.map((c) =>
        typeof c === 'string' ? (
          <TableCell key={c}>{c}</TableCell>
        ) : (
          <TableCell key={c.label} align={c.align}>
            {c.label}
          </TableCell>
        ),
      )}
    </TableRow>
  );
}

/**
 * A server-paged table in a card: the column headers, the rows, one full-width row with `empty` when it is set
 * (no rows match), and the pagination below. `refreshing` names the progress bar shown while a page loads; `sx`
 * styles the table (e.g. narrower cells where many columns share a card).
 */
export function ServerTable({
  label,
  columns,
  empty,
  refreshing,
  pagination,
  sx,
  children,
}: {
  label: string;
  columns: ServerTableColumn[];
  empty?: ReactNode;
  refreshing?: string | false;
  pagination: {
    count: number;
    page: number;
    pageSize: number;
    options: number[];
    onChange: (page: number, pageSize: number) => void;
    /** The count is the server's estimate. */
    estimated?: boolean;
  };
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card>
      {refreshing && <LinearProgress aria-label={refreshing} />}
      <TableScroller label={label}>
        <Table size="small" aria-label={label} sx={sx}>
          <TableHead>
            <HeaderRow columns={columns} />
          </TableHead>
          <TableBody>
            {children}
            {empty && (
              <TableRow>
                <TableCell colSpan={columns.length}>{empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableScroller>
      <ServerPagination
        count={pagination.count}
        page={pagination.page}
        pageSize={pagination.pageSize}
        options={pagination.options}
        onChange={pagination.onChange}
        estimated={pagination.estimated}
      />
    </Card>
  );
}
