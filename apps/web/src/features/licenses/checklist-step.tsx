import { CheckCircle, OpenInNew, Warning } from '@mui/icons-material';
import { Alert, Button, TableCell, TableRow } from '@mui/material';
import { type ChecklistItem, upgradeMessages } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { completeRoute } from './rules';

/** Complete opens where the item is done in a new tab; a requirement nobody can act on here has it disabled. */
function CompleteButton({ item }: { item: ChecklistItem }) {
  const to = completeRoute(item);
  const common = { size: 'small', variant: 'outlined', 'aria-label': `Complete ${item.description}` } as const;
  if (!to || item.pass) {
    return (
      <Button {...common} disabled>
        Complete
      </Button>
    );
  }
  return (
    <Button {...common} component={RouterLink} to={to} target="_blank" rel="noopener" endIcon={<OpenInNew fontSize="small" />}>
      Complete
    </Button>
  );
}

/**
 * The Checklist tab: the category's licence requirements with their state. Completing one opens another tab, so the
 * details typed so far stay here; the list is read again on coming back.
 */
export function ChecklistStep({ items, loading, error }: { items: ChecklistItem[]; loading: boolean; error: string | null }) {
  if (loading) return <LoadingSpinner label="Loading the checklist" />;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (items.length === 0) return <Alert severity="info">There are no licence requirements for your category.</Alert>;
  const passed = items.filter((i) => i.pass).length;
  return (
    <>
      <Alert severity={passed === items.length ? 'success' : 'info'} sx={{ mb: 2 }}>
        {upgradeMessages.requirementsComplete(passed, items.length)}
      </Alert>
      <PlainTable label="Checklist" columns={['Item', 'Status', { label: 'Actions', align: 'right' }]}>
        {items.map((item) => (
          <TableRow key={item.code}>
            <TableCell>{item.description}</TableCell>
            <TableCell>
              {item.pass ? (
                <CheckCircle sx={{ color: STATUS_COLORS.good }} titleAccess="Complete" />
              ) : (
                <Warning sx={{ color: 'warning.main' }} titleAccess="Incomplete" />
              )}
            </TableCell>
            <TableCell align="right">
              <CompleteButton item={item} />
            </TableCell>
          </TableRow>
        ))}
      </PlainTable>
    </>
  );
}
