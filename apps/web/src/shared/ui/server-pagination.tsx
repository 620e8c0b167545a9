import { useId, useState } from 'react';
import { Icon } from '../lite/icon';

export interface ServerPaginationProps {
  count: number;
  page: number;
  pageSize: number;
  options: number[];
  onChange: (page: number, pageSize: number) => void;
  /** The count is the server's estimate. */
  estimated?: boolean;
}

/**
 * Pagination for a server-paged table: changing the page size goes back to the first page. `estimated`: the count
 * is the server's estimate (a list of more than 10,000 matches), said as "about". Drawn as MUI's TablePagination
 * (the rows-per-page choice, "21–40 of 57", previous and next), with a native select: TablePagination carries MUI's
 * Select, Menu, Popover and Modal (about 20 kB gzipped) into every page with a table (decision 054).
 */
export function ServerPagination({ count, page, pageSize, options, onChange, estimated = false }: ServerPaginationProps) {
  const id = useId();
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === -1 ? (page + 1) * pageSize : Math.min(count, (page + 1) * pageSize);
  const last = Math.max(0, Math.ceil(count / pageSize) - 1);
  return (
    <div className="lt-pagination">
      {options.length > 1 && (
        <>
          <label htmlFor={id} className="lt-pagination-label">
            Rows per page:
          </label>
          <select id={id} className="lt-pagination-select" value={pageSize} onChange={(e) => onChange(0, Number(e.target.value))}>
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </>
      )}
      <p className="lt-pagination-rows">{`${from}–${to} of ${estimated ? `about ${count.toLocaleString('en-KE')}` : count}`}</p>
      <div className="lt-pagination-actions">
        <button
          type="button"
          className="lt-icon-btn lt-pagination-button"
          aria-label="Go to previous page"
          title="Go to previous page"
          disabled={page === 0}
          onClick={() => onChange(page - 1, pageSize)}
        >
          <Icon name="KeyboardArrowLeft" />
        </button>
        <button
          type="button"
          className="lt-icon-btn lt-pagination-button"
          aria-label="Go to next page"
          title="Go to next page"
          disabled={count !== -1 && page >= last}
          onClick={() => onChange(page + 1, pageSize)}
        >
          <Icon name="KeyboardArrowRight" />
        </button>
      </div>
    </div>
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
