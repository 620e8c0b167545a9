import Search from '@mui/icons-material/Search';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatKes } from '@portal/contract';
import { type ReactElement, type ReactNode, useState } from 'react';
import { LiteAlert } from '../../shared/lite/surfaces';
import { Hint } from '../../shared/ui/hint';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { SelectFilter } from '../../shared/ui/select-filter';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { HeaderRow, type ServerTableColumn } from '../../shared/ui/server-table';
import { usePhoneCards } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';

/** '1 invoice', '3 invoices'. */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A list's count: exact, or the database's estimate (a search matching more than 10,000) shown as one. */
export const counted = (n: number, exact: boolean, noun: string) =>
  exact ? plural(n, noun) : `about ${Math.round(n / 1000).toLocaleString('en-KE')},000 ${noun}s`;

/** Said instead of totals when the count is an estimate. */
export const NARROW_FOR_TOTALS = 'narrow the search to 10,000 or fewer to see totals';

export const PAGE_SIZES = [20, 50, 100];

/** The list's search box (an icon before the text), drawn without TextField's select machinery (decision 054). */
export function SearchField({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextInput
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: 300 }}
      startAdornment={
        <InputAdornment position="start">
          <Search fontSize="small" />
        </InputAdornment>
      }
    />
  );
}

/** A filter of the list: 'All' (the empty value) first, then `options`. */
export function Filter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return <SelectFilter label={label} value={value} onChange={onChange} all="All" options={options} sx={{ width: 170 }} />;
}

export function ListState({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label="Loading" />}
      {error && (
        <Box sx={{ mb: 2 }}>
          <LiteAlert severity="error">{error.message}</LiteAlert>
        </Box>
      )}
      {empty && !loading && !error ? <Typography color="text.secondary">Nothing found.</Typography> : children}
    </>
  );
}

/** A tab's page and page size; any change of `filters` starts again on the first page. */
export function useFilteredPaging(...filters: string[]) {
  const paging = usePaging(PAGE_SIZES[0]);
  const filtersKey = JSON.stringify(filters);
  const [lastFiltersKey, setLastFiltersKey] = useState(filtersKey);
  // Reset while rendering, so no request goes out for the old page under the new filters.
  if (filtersKey !== lastFiltersKey) {
    setLastFiltersKey(filtersKey);
    paging.setPage(0);
    return { ...paging, page: 0 };
  }
  return paging;
}

export type Paging = ReturnType<typeof useFilteredPaging>;

/**
 * A tab's list and the server pagination below. On a wide screen a table: bold header, the `rows`, a bold `footer`
 * of totals. On a phone the `cards`, one a row, with the totals as one bold line (`total`) above them.
 */
export function PagedList({
  label,
  columns,
  footer,
  rows,
  total,
  cards,
  count,
  estimated = false,
  paging,
}: {
  label: string;
  /** Column headers; amounts are right-aligned. */
  columns: ServerTableColumn[];
  footer: ReactNode;
  rows: ReactNode;
  total: string;
  cards: ReactNode;
  count: number;
  /** `count` is the server's estimate. */
  estimated?: boolean;
  paging: Paging;
}) {
  const phone = usePhoneCards();
  return (
    <>
      {phone ? (
        <Stack spacing={1.5}>
          <Typography sx={{ fontWeight: 700 }}>{total}</Typography>
          {cards}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead sx={{ '& th': { fontWeight: 700 } }}>
              <HeaderRow columns={columns} />
            </TableHead>
            <TableBody>{rows}</TableBody>
            <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableRow>{footer}</TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
      <ServerPagination
        count={count}
        estimated={estimated}
        page={paging.page}
        pageSize={paging.pageSize}
        options={PAGE_SIZES}
        onChange={paging.onChange}
      />
    </>
  );
}

/** An action: an icon with a tooltip in the table, a labelled button on a phone (no tooltips under a finger). */
export function RowAction({
  label,
  hint,
  icon,
  primary,
  onClick,
}: {
  label: string;
  hint: string;
  icon: ReactElement;
  primary?: boolean;
  onClick: () => void;
}) {
  const phone = usePhoneCards();
  if (phone) {
    return (
      <Button size="small" variant="outlined" color={primary ? 'primary' : 'inherit'} startIcon={icon} aria-label={label} onClick={onClick}>
        {hint}
      </Button>
    );
  }
  return (
    <Hint title={hint}>
      <IconButton size="small" color={primary ? 'primary' : 'default'} aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Hint>
  );
}

/** A member on a card: the name, then the member number (else the profile id). */
export const memberTitle = (name: string, memberNo: string | null, profileId: string) => `${name} · ${memberNo ?? profileId}`;

export const right = (label: string) => ({ label, align: 'right' as const });

/** The member's name, with the member number (else the profile id) below it. */
export function MemberCell({ name, memberNo, profileId }: { name: string; memberNo: string | null; profileId: string }) {
  return (
    <TableCell>
      {name}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {memberNo ?? profileId}
      </Typography>
    </TableCell>
  );
}

export function AmountCell({ amount }: { amount: number }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {formatKes(amount)}
    </TableCell>
  );
}

export const capitalise = (s: string) => s.slice(0, 1).toUpperCase() + s.slice(1);
