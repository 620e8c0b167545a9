import { AppBar, Avatar, Box, Button, Container, Link, Toolbar, Typography } from '@mui/material';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useCompany } from '../../../shared/settings/use-settings';
import { landingPath } from '../landing';
import { useLogout } from '../use-logout';

/** Pages that stay reachable when signed in (the OTP and verification screens finish a sign-in). */
const OPEN_WHEN_SIGNED_IN = ['/verify/', '/otp/', '/password/'];

export function AuthLayout() {
  const session = useSession();
  const company = useCompany();
  const location = useLocation();
  const logout = useLogout();
  const stay = OPEN_WHEN_SIGNED_IN.some((p) => location.pathname.startsWith(p));
  if (session && !stay) return <Navigate to={landingPath(session.user)} replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {company.data?.logo && <Avatar src={company.data.logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />}
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ flexGrow: 1, color: 'primary.main', textDecoration: 'none', fontWeight: 700 }}
          >
            {company.data?.displayName ?? 'Member Portal'}
          </Typography>
          <Button component={RouterLink} to="/search" color="primary">
            Member Checker
          </Button>
          {session && (
            <Button onClick={logout} color="primary" variant="outlined">
              Logout
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 3, md: 6 } }}>
        <Outlet />
      </Container>
      <Box
        component="footer"
        sx={{ py: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Typography variant="body2">
          © {new Date().getFullYear()} {company.data?.displayName ?? 'Member Portal'} · Powered by{' '}
          <Link href="https://github.com/" target="_blank" rel="noopener noreferrer">
            Open Membership Portal
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
