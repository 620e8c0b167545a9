import { Outlet, useNavigation } from 'react-router';

/** Every page: a thin bar at the top while the next page's code is on its way. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="lt-page-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </>
  );
}
