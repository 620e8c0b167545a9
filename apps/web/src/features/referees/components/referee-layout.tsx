import type { ReactNode } from 'react';
import { PublicFrame } from '../../../shared/ui/public-frame';

/** The public frame of the referee screens: the organisation's logo and name, no sign-in needed. */
export function RefereeLayout({ children }: { children: ReactNode }) {
  return (
    <PublicFrame home="/" maxWidth="md" mainPaddingY={6}>
      {children}
    </PublicFrame>
  );
}
