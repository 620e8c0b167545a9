import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <Typography variant="h1" sx={{ fontWeight: 800, color: 'primary.main' }}>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        Nothing here
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go Back
      </Button>
    </Box>
  );
}
