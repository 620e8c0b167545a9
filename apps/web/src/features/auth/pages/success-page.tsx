import { Alert, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../components/auth-card';

export function SuccessPage() {
  return (
    <AuthCard title="Account created">
      <Alert severity="success" sx={{ mb: 2 }}>
        Your account was created and an activation email was sent to you.
      </Alert>
      <Typography sx={{ mb: 3 }}>
        Open the link in the email to activate your account. If you cannot find it, check your junk or spam folder.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" fullWidth>
        Login
      </Button>
    </AuthCard>
  );
}
