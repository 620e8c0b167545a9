import { OpenInNew } from '@mui/icons-material';
import { Alert, Button } from '@mui/material';
import { type ChecklistItem, upgradeMessages } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { ChecklistTable } from '../../shared/ui/checklist-table';
import { LoadingSpinner } from '../../shared/ui/loading';
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
      <ChecklistTable label="Checklist" items={items} action={(item) => <CompleteButton item={item} />} />
    </>
  );
}
