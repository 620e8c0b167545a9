import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { ChecklistTable } from '../../shared/ui/checklist-table';
import { LinearProgress } from '../../shared/ui/linear-progress';
import { LoadingSpinner } from '../../shared/ui/loading';
import { useChecklist } from '../profile/api';

/** Share of passing items, 0–100. */
export function progressOf(items: { pass: boolean }[]): number {
  if (items.length === 0) return 0;
  return Math.round((items.filter((i) => i.pass).length / items.length) * 100);
}

export function ChecklistPage() {
  const { type = 'Application' } = useParams();
  const checklist = useChecklist(type);
  if (checklist.isLoading) return <LoadingSpinner />;
  if (checklist.error) return <Alert severity="error">{checklist.error.message}</Alert>;
  const items = checklist.data ?? [];
  const progress = progressOf(items);
  const passed = items.filter((i) => i.pass).length;

  return (
    <Card>
      <CardHeader title={`${type} checklist`} subheader={`You have ${passed}/${items.length} requirement(s) that are complete`} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            color={progress < 50 ? 'primary' : 'secondary'}
            height={10}
            sx={{ flexGrow: 1 }}
            aria-label="Checklist progress"
          />
          <Typography sx={{ fontWeight: 700, minWidth: 48 }} data-testid="checklist-progress">
            {progress}%
          </Typography>
        </Box>
        <ChecklistTable
          label="Checklist"
          items={items}
          action={(item) => (
            <Button
              component={RouterLink}
              to={`/checklist/component/${encodeURIComponent(item.code)}?type=${encodeURIComponent(type)}`}
              variant="outlined"
              size="small"
              disabled={item.pass}
              aria-label={`Complete ${item.description}`}
            >
              Complete
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}
