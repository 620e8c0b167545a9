import { Paper, type SxProps, TableContainer, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** Whether the element's content is wider or taller than the element, kept up to date as either changes size. */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

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
  const scrolls = useOverflows(ref);
  const focusable = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrollable)` } : {};
  const paper = outlined ? { component: Paper, variant: 'outlined' as const } : {};
  return (
    <TableContainer ref={ref} sx={sx} {...paper} {...focusable}>
      {children}
    </TableContainer>
  );
}
