import { Button } from '@mui/material';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { landingPath } from '../landing';
import { useLogout } from '../use-logout';

/** Pages that stay reachable when signed in (the OTP and verification screens finish a sign-in). */
const OPEN_WHEN_SIGNED_IN = ['/verify/', '/otp/', '/password/'];

export function AuthLayout() {
  const session = useSession();
  const location = useLocation();
  const logout = useLogout();
  const stay = OPEN_WHEN_SIGNED_IN.some((p) => location.pathname.startsWith(p));
  if (session && !stay) return <Navigate to={landingPath(session.user)} replace />;

  return (
    <PublicFrame
      home="/"
      maxWidth="lg"
      mainPaddingY={6}
      footer
      actions={
        <>
          {/* The member checker is a server-rendered page (decision 042): a whole-page load, not a client route. */}
          <Button href="/search/search-list" color="primary">
            Member Checker
          </Button>
          {session && (
            <Button onClick={logout} color="primary" variant="outlined">
              Logout
            </Button>
          )}
        </>
      }
    >
      <Outlet />
    </PublicFrame>
  );
}
