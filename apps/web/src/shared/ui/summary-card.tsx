import type { ReactNode } from 'react';
import { LiteCard } from '../lite/surfaces';
import { BREAKPOINTS, useMediaQuery } from '../lite/use-media-query';

/** Whether a list shows as cards: below the md breakpoint, where its table would be wider than the screen. */
export function usePhoneCards(): boolean {
  // Asked as MUI's `down('md')` asks it, so a browser without matchMedia (jsdom) gets the wide layout.
  return useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.05}px)`);
}

/**
 * A phone's card for a row of a list: `head` and `aside` on top, the bold `title`, then `children`. Drawn without
 * MUI (decision 043), so the dashboard's lists need none.
 */
export function SummaryCard({
  label,
  head,
  aside,
  title,
  children,
}: {
  label: string;
  head: ReactNode;
  aside: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <LiteCard as="article" outlined aria-label={label}>
      <div className="lt-card-content lt-summary">
        <div className="lt-summary-head">
          {head}
          {aside}
        </div>
        <div className="lt-summary-title">{title}</div>
        {children}
      </div>
    </LiteCard>
  );
}
