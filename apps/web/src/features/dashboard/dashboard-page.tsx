import { Alert, Avatar, Box, Button, Card, CardContent, CardHeader, Chip, Grid, Stack, Typography } from '@mui/material';
import { formatKes } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { cpdTileText, useCpdThisYear } from '../../shared/member/cpd';
import { memberAlertCount, useBalance, useBillingAlerts } from '../../shared/member/money';
import { needsAction, useMyApplications, useMyProfile } from '../../shared/member/queries';
import { useSettings } from '../../shared/settings/use-settings';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { MyApplications } from './my-applications';
import { PendingPayments } from './pending-payments';
import { standingOf } from './status';

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

function Tile({ label, value, color, to, testId }: { label: string; value: string; color?: string; to?: string; testId: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent
        component={to ? RouterLink : 'div'}
        {...(to ? { to } : {})}
        sx={{ display: 'block', color: 'inherit', textDecoration: 'none', height: '100%' }}
      >
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, mt: 0.5 }} color={color} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The tiles of part 1 §2: Arrears amount, Status (In Good Standing / In arrears), CPD points earned this year and Notifications. */
function Tiles({ hasMembership }: { hasMembership: boolean }) {
  const balance = useBalance();
  const applications = useMyApplications();
  const alerts = useBillingAlerts();
  const cpd = useCpdThisYear(hasMembership);
  // Four tiles with a membership (CPD counts only for members), three without.
  const tileSize = hasMembership ? { xs: 12, sm: 6, md: 3 } : { xs: 12, sm: 4 };
  const standing = standingOf(balance.data, hasMembership);
  const notifications = memberAlertCount((applications.data ?? []).filter(needsAction).length, alerts.count);
  const loading = balance.isLoading ? '…' : '—';
  return (
    <>
      {balance.error && <Alert severity="error">{balance.error.message}</Alert>}
      <Grid container spacing={2}>
        <Grid size={tileSize}>
          <Tile
            label="Arrears"
            testId="tile-arrears"
            to="/billing"
            value={balance.data ? formatKes(balance.data.arrearsLCY) : loading}
            color={balance.data && balance.data.arrearsLCY > 0 ? STATUS_COLORS.bad : undefined}
          />
        </Grid>
        <Grid size={tileSize}>
          <Tile
            label="Status"
            testId="tile-status"
            value={standing?.label ?? loading}
            color={standing?.tone === 'success' ? STATUS_COLORS.good : standing?.tone === 'error' ? STATUS_COLORS.bad : undefined}
          />
        </Grid>
        {hasMembership && (
          <Grid size={tileSize}>
            <Tile
              // Part 1 §2's 'CPD points earned', this year's against the category's requirement (part 2 §2.1).
              label="CPD points earned this year"
              testId="tile-cpd"
              to="/cpd"
              value={cpd.data ? cpdTileText(cpd.data) : cpd.isLoading ? '…' : '—'}
              color={cpd.data?.met ? STATUS_COLORS.good : undefined}
            />
          </Grid>
        )}
        <Grid size={tileSize}>
          <Tile
            label="Notifications"
            testId="tile-notifications"
            to={alerts.count > 0 ? '/subscription' : '/application'}
            value={String(notifications)}
          />
        </Grid>
      </Grid>
    </>
  );
}

export function DashboardPage() {
  const profile = useMyProfile();
  const applications = useMyApplications();
  const { minor } = useSettings();
  const flash = useFlash();
  if (profile.isLoading) return <LoadingSpinner />;
  const p = profile.data;
  const membership = p?.memberInformation[0];
  const first = applications.data?.[applications.data.length - 1];
  const showConfirmBanner = p && !p.confirmed && first?.status === 'Released';
  const current = p?.workexp.find((w) => w.Current);
  const names = p ? [p.profileTitle.map((t) => t.title).join(' '), p.FirstName, p.SecondName, p.LastName].filter(Boolean).join(' ') : '';

  return (
    <Stack spacing={3}>
      {flash && <Alert severity={flash.severity}>{flash.message}</Alert>}
      {showConfirmBanner && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/profile/profileConfirm" color="inherit" size="small">
              Confirm
            </Button>
          }
        >
          Please confirm that your name is correct as it will appear on your certificate.
        </Alert>
      )}
      {profile.error && <Alert severity="error">{profile.error.message}</Alert>}
      {p && <Tiles hasMembership={Boolean(membership)} />}
      <Card>
        <CardHeader title="General Information" slotProps={{ title: { variant: 'h6', sx: { fontWeight: 700 } } }} />
        <CardContent>
          <Grid container spacing={3} alignItems="center">
            <Grid size={{ xs: 12, sm: 'auto' }}>
              <Avatar src={p?.picture ?? undefined} alt={names} sx={{ width: 96, height: 96, bgcolor: 'primary.main', fontSize: 36 }}>
                {p?.FirstName?.slice(0, 1)}
              </Avatar>
            </Grid>
            <Grid size={{ xs: 12, sm: 'grow' }}>
              <Typography variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
                {names}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Registration No" value={p?.MemberNo} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Category" value={p?.CategoryDescription} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Field label="Discipline" value={p?.DisciplineDescription ?? p?.Discipline} />
                </Grid>
                {minor.showWorkPlace && (
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <Field label="Current workplace" value={current ? `${current.PositionHeld}, ${current.NameOfFirm}` : null} />
                  </Grid>
                )}
              </Grid>
              {membership && (
                <Chip
                  sx={{ mt: 2 }}
                  label={`Membership ${membership.Status}`}
                  color={membership.Status === 'Active' ? 'success' : 'warning'}
                  size="small"
                />
              )}
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <MyApplications />
      {p && <PendingPayments />}
    </Stack>
  );
}
