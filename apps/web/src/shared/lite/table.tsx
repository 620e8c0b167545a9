import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** A column header; actions and amounts are right-aligned. */
export type TableColumn = string | { label: string; align: 'right' };

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
 * A table container's attributes: when the table does not fit and the container scrolls, it takes the keyboard
 * focus as a region named after the table, so it can be scrolled without a mouse (WCAG 2.1.1; axe
 * scrollable-region-focusable, decision 036).
 */
export function useScrollableRegion(ref: RefObject<HTMLElement | null>, label: string) {
  const scrolls = useOverflows(ref);
  return scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrollable)` } : {};
}

/** A cell's class for a right-aligned column, as `TableCell align="right"`. */
export const alignClass = (column: TableColumn) => (typeof column === 'string' ? undefined : 'lt-right');

/** A small table of rows already at hand, as the MUI pages' `PlainTable`: bold headers, then the rows (`<tr>`s). */
export function LiteTable({ label, columns, children }: { label: string; columns: TableColumn[]; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const region = useScrollableRegion(ref, label);
  return (
    <div ref={ref} className="lt-table-scroller" {...region}>
      <table className="lt-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={typeof c === 'string' ? c : c.label} className={alignClass(c)} scope="col">
                {typeof c === 'string' ? c : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
