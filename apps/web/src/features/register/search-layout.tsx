import { KeyboardArrowUp } from '@mui/icons-material';
import { AppBar, Avatar, Box, Button, Container, Fab, Link, Toolbar, Typography, Zoom } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useCompany } from '../../shared/settings/use-settings';

/** Scroll-to-top shows after 20px of scrolling (part 1 §9). */
const SCROLL_THRESHOLD = 20;

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  const { pathname } = useLocation();
  // A new page of the register starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    window.scrollTo({ top: 0 });
    setPast(false);
  }, [pathname]);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/** The public register's layout (/search): a header linking to search and login, and scroll-to-top. */
export function SearchLayout() {
  const company = useCompany();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const name = company.data?.displayName ?? 'Member Portal';

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {company.data?.logo && <Avatar src={company.data.logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />}
          <Typography
            variant="h6"
            component={RouterLink}
            to="/search/search-list"
            noWrap
            sx={{
              flexGrow: 1,
              minWidth: 0,
              color: 'primary.main',
              textDecoration: 'none',
              fontWeight: 700,
              fontSize: { xs: '1rem', sm: '1.25rem' },
            }}
          >
            {name}
          </Typography>
          <Button component={RouterLink} to="/search/search-list" color="primary">
            Search
          </Button>
          <Button component={RouterLink} to="/" color="primary" variant="outlined">
            Login
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
      <Box
        component="footer"
        sx={{ py: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Typography variant="body2">
          © {new Date().getFullYear()} {name} · Powered by{' '}
          <Link href="https://github.com/" target="_blank" rel="noopener noreferrer">
            Open Membership Portal
          </Link>
        </Typography>
      </Box>
      <Zoom in={scrolled}>
        <Fab
          color="primary"
          size="small"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          sx={{ position: 'fixed', bottom: 24, right: 24 }}
        >
          <KeyboardArrowUp />
        </Fab>
      </Zoom>
    </Box>
  );
}
