import { Card, CardContent, CardHeader, Link, List, ListItem, Typography } from '@mui/material';
import { useSession } from '../../shared/session/session-store';

/** The administrator's landing page until the admin console screens arrive. */
export function AdminHomePage() {
  const session = useSession();
  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardHeader
        title="Administration"
        subheader={`Signed in as ${session?.user.email ?? ''}`}
        slotProps={{ title: { sx: { fontWeight: 700 } } }}
      />
      <CardContent>
        <Typography gutterBottom>Tools available to administrators:</Typography>
        <List dense>
          <ListItem disableGutters>
            <Link href="/api/docs" target="_blank" rel="noopener noreferrer">
              API reference
            </Link>
          </ListItem>
          <ListItem disableGutters>
            <Link href="/dev/outbox">Outbox of emails and SMS (development only)</Link>
          </ListItem>
        </List>
      </CardContent>
    </Card>
  );
}
