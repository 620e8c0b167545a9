import { AppBar, Avatar, Box, Container, Link, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCompany } from '../settings/use-settings';

/**
 * The frame of the pages anyone can open: a bar with the organisation's logo and name (linking to `home`) and any
 * `actions`, the page, and optionally the Powered-by footer.
 */
export function PublicFrame({
  home,
  actions,
  maxWidth,
  mainPaddingY,
  footer = false,
  children,
}: {
  home: string;
  /** Buttons at the right of the bar; the name then takes the space before them. */
  actions?: ReactNode;
  maxWidth: 'md' | 'lg';
  /** The page's top and bottom padding from md screens up. */
  mainPaddingY: number;
  footer?: boolean;
  children: ReactNode;
}) {
  const company = useCompany();
  const name = company.data?.displayName ?? 'Member Portal';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {company.data?.logo && <Avatar src={company.data.logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />}
          <Typography
            variant="h6"
            component={RouterLink}
            to={home}
            sx={{
              ...(actions ? { flexGrow: 1 } : {}),
              // Set smaller on phones: a long name wraps to two lines, never cut.
              minWidth: 0,
              color: 'primary.main',
              textDecoration: 'none',
              fontWeight: 700,
              fontSize: { xs: '1rem', sm: '1.25rem' },
              lineHeight: 1.25,
            }}
          >
            {name}
          </Typography>
          {actions}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, py: { xs: 3, md: mainPaddingY } }}>
        {children}
      </Container>
      {footer && (
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
      )}
    </Box>
  );
}
