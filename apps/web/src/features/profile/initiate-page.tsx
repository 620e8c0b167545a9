import { Alert, Card, CardContent, CardHeader, List, ListItem, ListItemText, Typography } from '@mui/material';
import { applicationStatusLabel, formatAmount } from '@portal/contract';
import { useMyApplications } from '../../shared/member/queries';

/**
 * Where a user without a profile lands. The bio form (Create Profile) is built with the profile
 * work; until then this page shows the application the registration created and what comes next.
 */
export function InitiatePage({ firm }: { firm: boolean }) {
  const applications = useMyApplications();
  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardHeader title={firm ? 'Create your firm profile' : 'Create your profile'} slotProps={{ title: { sx: { fontWeight: 700 } } }} />
      <CardContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          Your account is verified. The next step is your {firm ? 'firm details' : 'bio data'}: the profile form opens here.
        </Alert>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          Your application
        </Typography>
        <List dense>
          {applications.data?.map((a) => (
            <ListItem key={a.Code} disableGutters>
              <ListItemText
                primary={`${a.Code} · ${a.CategoryDescription}`}
                secondary={`KES ${formatAmount(a.Amount)} · ${applicationStatusLabel(a.status)}`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
