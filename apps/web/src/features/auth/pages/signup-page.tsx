import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCategories, useRequirements } from '../../../shared/settings/use-settings';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { AuthCard } from '../components/auth-card';
import { TermsDialog } from '../components/terms-dialog';

export function SignupPage() {
  const { type = 'Individual', code = '' } = useParams();
  const navigate = useNavigate();
  const requirements = useRequirements(code, 'Application');
  const categories = useCategories();
  const category = categories.data?.find((c) => c.Code === code);
  const [accepted, setAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  return (
    <AuthCard
      title={category ? `Apply as ${category.Description}` : 'Requirements'}
      subtitle="You will need the following to complete your application."
      width={640}
    >
      {requirements.isLoading && <LoadingSpinner />}
      {requirements.error && <Alert severity="error">{requirements.error.message}</Alert>}
      <List dense aria-label="Requirements">
        {(requirements.data ?? []).map((r, i) => (
          <ListItem key={r.code}>
            <ListItemIcon sx={{ minWidth: 32, fontWeight: 700, color: 'primary.main' }}>{i + 1}.</ListItemIcon>
            <ListItemText primary={r.description} />
          </ListItem>
        ))}
      </List>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
          label={
            <Typography>
              I have read and accept the{' '}
              <Link
                component="button"
                type="button"
                onClick={(e) => {
                  e.preventDefault();
                  setTermsOpen(true);
                }}
              >
                terms and conditions
              </Link>
            </Typography>
          }
        />
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
          <Button component={RouterLink} to="/categories">
            Back
          </Button>
          <Button variant="contained" disabled={!accepted} onClick={() => navigate(`/register/${type}/${code}`)}>
            Continue
          </Button>
        </Box>
      </Stack>
      <TermsDialog
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setAccepted(true);
          setTermsOpen(false);
        }}
      />
    </AuthCard>
  );
}
