import type { AlertProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const MuiAlert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert fetched when one is first drawn: for the messages a page shows only after something happened (a
 * failed load, a form's answer), so its first load does not carry Alert and IconButton (about 3 kB gzipped; decision
 * 054). An alert a page shows at once keeps MUI's own.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <MuiAlert {...props} />
    </Suspense>
  );
}
