import { TablePagination } from '@mui/material';
import { useState } from 'react';

/** Pagination for a server-paged table: changing the page size goes back to the first page. */
export function ServerPagination({
  count,
  page,
  pageSize,
  options,
  onChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  options: number[];
  onChange: (page: number, pageSize: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
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
