import { cloneElement, type ReactElement } from 'react';

/**
 * A short hint on an element: the browser's own tooltip (`title`) and, like MUI's Tooltip, the element's accessible
 * name when it has none of its own. MUI's Tooltip brings Popper and its transitions (12 kB gzipped) into every page
 * with one (decision 054), and a tooltip never shows on a touch screen anyway.
 */
export function Hint({ title, children }: { title: string; children: ReactElement<{ title?: string; 'aria-label'?: string }> }) {
  return cloneElement(children, { title, 'aria-label': children.props['aria-label'] ?? title });
}
