import { ArrowBack } from '@mui/icons-material';
import { Alert, Avatar, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { decodeBase64 } from '@portal/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSettings } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useToast } from '../../shared/ui/toast';
import { useRegisterCard } from './api';
import { currentWorkplace, MemberStatusChips, memberName } from './public-member';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{value || '—'}</Typography>
    </Box>
  );
}

/** /search/search-card/{code}: a member's public card; the code is the base64 profile id. */
export function SearchCardPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { minor } = useSettings();
  const profileId = code ? decodeBase64(code)?.trim() || null : null;
  const card = useRegisterCard(profileId);

  useEffect(() => {
    if (card.error) toast(card.error.message, 'error');
  }, [card.error, toast]);

  const back = (
    <Button
      startIcon={<ArrowBack />}
      onClick={() => (location.key === 'default' ? navigate('/search/search-list') : navigate(-1))}
      sx={{ alignSelf: 'flex-start' }}
    >
      Back to search
    </Button>
  );
  if (!profileId) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">This link is not valid.</Alert>
      </Stack>
    );
  }
  if (card.isLoading) return <LoadingSpinner />;
  const p = card.data;
  if (!p) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{card.error?.message ?? 'Member not found'}</Alert>
      </Stack>
    );
  }
  const name = memberName(p);
  const workplace = currentWorkplace(p);

  return (
    <Stack spacing={2}>
      {back}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          <Grid container spacing={4} alignItems="center">
            <Grid size={{ xs: 12, sm: 'auto' }} sx={{ display: 'flex', justifyContent: 'center' }}>
              <Avatar src={p.base64Image ?? undefined} alt={name} sx={{ width: 160, height: 160, bgcolor: 'primary.main', fontSize: 56 }}>
                {p.FirstName.slice(0, 1)}
              </Avatar>
            </Grid>
            <Grid size={{ xs: 12, sm: 'grow' }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
                {name}
              </Typography>
              {p.profileTitle.length > 0 && (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {p.profileTitle.map((t) => t.description).join(', ')}
                </Typography>
              )}
              <MemberStatusChips member={p} showUnlicensed />
              <Grid container spacing={2} sx={{ mt: 2 }}>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Member No" value={p.MemberNo} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Category" value={p.CategoryDescription} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Discipline" value={p.DisciplineDescription ?? p.discipline} />
                </Grid>
                {minor.showWorkPlace && (
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <Field label="Current workplace" value={workplace} />
                  </Grid>
                )}
              </Grid>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </Stack>
  );
}
