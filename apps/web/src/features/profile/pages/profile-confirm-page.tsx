import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { profileMessages } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/client';
import { useMyProfile } from '../../../shared/member/queries';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { useToast } from '../../../shared/ui/toast';

export function ProfileConfirmPage() {
  const profile = useMyProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (profile.isLoading) return <LoadingSpinner />;
  const p = profile.data;
  if (!p) return <Alert severity="info">Create your profile first.</Alert>;

  async function confirm() {
    setBusy(true);
    try {
      await api.post('profile/update', { confirmed: true, ProfileID: p?.ProfileID });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      toast(profileMessages.confirmed);
      navigate('/dashboard');
    } catch (error) {
      toast((error as Error).message, 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardHeader title="Confirm your name" subheader="Your name appears on your certificate exactly as below." />
      <CardContent>
        <Stack spacing={1} sx={{ mb: 3 }}>
          <Typography>
            <strong>First name:</strong> {p.FirstName}
          </Typography>
          <Typography>
            <strong>Second name:</strong> {p.SecondName ?? '—'}
          </Typography>
          <Typography>
            <strong>Last name:</strong> {p.LastName}
          </Typography>
        </Stack>
        {p.confirmed ? (
          <Alert severity="success">Your name is confirmed.</Alert>
        ) : (
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={confirm} disabled={busy}>
              Correct
            </Button>
            <Button variant="outlined" onClick={() => navigate('/profile')}>
              Not Correct
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
