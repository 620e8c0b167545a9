import { Paper, type SxProps, TableContainer, type Theme } from '@mui/material';
import { type ReactNode, useRef } from 'react';
import { useScrollableRegion } from '../lite/table';

/**
 * A table's container (in an outlined paper when `outlined`). When the table does not fit and the container
 * scrolls, it takes the keyboard focus as a region named after the table, so it can be scrolled without a mouse
 * (WCAG 2.1.1; axe scrollable-region-focusable, decision 036).
 */
export function TableScroller({
  label,
  outlined,
  sx,
  children,
}: {
  label: string;
  outlined?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusable = useScrollableRegion(ref, label);
  const paper = outlined ? { component: Paper, variant: 'outlined' as const } : {};
  return (
    <TableContainer ref={ref} sx={sx} {...paper} {...focusable}>
      {children}
    </TableContainer>
  );
}
