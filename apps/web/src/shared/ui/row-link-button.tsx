import type { ReactNode } from 'react';
import { LiteLinkButton } from '../lite/button';

/** A table row's small outlined button that opens another page (a document viewer, an invoice…). Drawn without MUI (decision 043). */
export function RowLinkButton({ to, icon, color, children }: { to: string; icon?: ReactNode; color?: 'error'; children: ReactNode }) {
  return (
    <LiteLinkButton to={to} size="small" variant="outlined" color={color} startIcon={icon}>
      {children}
    </LiteLinkButton>
  );
}
