import { TablePagination } from '@mui/material';
import { useState } from 'react';

/**
 * Pagination for a server-paged table: changing the page size goes back to the first page. `estimated`: the count
 * is the server's estimate (a list of more than 10,000 matches), said as "about".
 */
export function ServerPagination({
  count,
  page,
  pageSize,
  options,
  onChange,
  estimated = false,
}: {
  count: number;
  page: number;
  pageSize: number;
  options: number[];
  onChange: (page: number, pageSize: number) => void;
  estimated?: boolean;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      labelDisplayedRows={({ from, to, count: n }) => `${from}–${to} of ${estimated ? `about ${n.toLocaleString('en-KE')}` : n}`}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={options}
      onPageChange={(_, p) => onChange(p, pageSize)}
      onRowsPerPageChange={(e) => onChange(0, Number(e.target.value))}
    />
  );
}

/** A server-paged list's page (from 0) and page size, with the change handler ServerPagination takes. */
export function usePaging(initialPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    setPage,
    onChange: (p: number, size: number) => {
      setPage(p);
      setPageSize(size);
    },
  };
}
