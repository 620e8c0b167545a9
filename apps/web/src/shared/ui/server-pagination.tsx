import { TablePagination } from '@mui/material';

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
