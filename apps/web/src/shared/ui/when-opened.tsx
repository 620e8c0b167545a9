import { type ReactNode, Suspense, useState } from 'react';

/**
 * A dialog drawn from the first time it opens, not before: its code (MUI's Dialog, Modal and Backdrop, often a form
 * and its schema: 10 to 40 kB gzipped) is loaded then (`React.lazy` in `children`), not with the page (decision 054).
 * Once opened it stays drawn, so it can close as it does.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
