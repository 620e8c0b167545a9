import { LinearProgress } from '@mui/material';
import { Outlet, useNavigation } from 'react-router';

/** Every page: a thin bar at the top while the next page's code is on its way. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.tooltip + 1 }}
        />
      )}
      <Outlet />
    </>
  );
}
