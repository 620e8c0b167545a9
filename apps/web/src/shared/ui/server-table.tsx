import { Card, Stack, type SxProps, Table, TableBody, TableCell, TableHead, TableRow, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LiteAlert } from '../lite/surfaces';
import type { TableColumn } from '../lite/table';
import { LinearProgress } from './linear-progress';
import { LoadingSpinner } from './loading';
import { ServerPagination, type ServerPaginationProps } from './server-pagination';

export type ServerTablePagination = ServerPaginationProps;

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
  pagination: ServerTablePagination;
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

/**
 * A server-paged list as the back office draws it: the load's `error` above; a spinner while the first page
 * `loading`; then on a phone the `cards` with `empty` above and the pagination below them, otherwise the
 * ServerTable of `rows`.
 */
export function ServerList({
  error,
  loading,
  phone,
  label,
  columns,
  empty,
  refreshing,
  pagination,
  cards,
  rows,
}: {
  error?: Error | null;
  loading?: string | false;
  phone: boolean;
  label: string;
  columns: ServerTableColumn[];
  empty?: ReactNode;
  refreshing?: string | false;
  pagination: ServerTablePagination;
  cards: ReactNode;
  rows: ReactNode;
}) {
  const failed = error && <LiteAlert severity="error">{error.message}</LiteAlert>;
  if (loading)
    return (
      <>
        {failed}
        <LoadingSpinner label={loading} />
      </>
    );
  if (phone)
    return (
      <>
        {failed}
        <Stack spacing={1.5} aria-label={label}>
          {empty && <Typography color="text.secondary">{empty}</Typography>}
          {cards}
          {pagination.count > 0 && <ServerPagination {...pagination} />}
        </Stack>
      </>
    );
  return (
    <>
      {failed}
      <ServerTable label={label} columns={columns} refreshing={refreshing} empty={empty} pagination={pagination}>
        {rows}
      </ServerTable>
    </>
  );
}
