import { AppBar, Avatar, Box, Container, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCompany } from '../../../shared/settings/use-settings';

/** The public frame of the referee screens: the organisation's logo and name, no sign-in needed. */
export function RefereeLayout({ children }: { children: ReactNode }) {
  const company = useCompany();
  const name = company.data?.displayName ?? 'Member Portal';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {company.data?.logo && <Avatar src={company.data.logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />}
          <Typography variant="h6" component={RouterLink} to="/" sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 700 }}>
            {name}
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: { xs: 3, md: 6 } }}>
        {children}
      </Container>
    </Box>
  );
}
