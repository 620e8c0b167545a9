import { CheckCircle, OpenInNew, Warning } from '@mui/icons-material';
import { Alert, Button, TableCell, TableRow } from '@mui/material';
import { type ChecklistItem, upgradeMessages } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';

/** Where an item is completed: the profile editor the checklist feature opens, back to the License checklist. */
const componentPath = (item: ChecklistItem) => `/checklist/component/${encodeURIComponent(item.code)}?type=License`;

/**
 * The Checklist tab: the category's licence requirements with their state. Completing one opens the profile in a
 * new tab, so the details typed so far stay here; the list is read again on coming back.
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
                <CheckCircle color="success" titleAccess="Complete" />
              ) : (
                <Warning sx={{ color: 'warning.main' }} titleAccess="Incomplete" />
              )}
            </TableCell>
            <TableCell align="right">
              <Button
                component={RouterLink}
                to={componentPath(item)}
                target="_blank"
                rel="noopener"
                size="small"
                variant="outlined"
                endIcon={<OpenInNew fontSize="small" />}
                disabled={item.pass}
                aria-label={`Complete ${item.description}`}
              >
                Complete
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </PlainTable>
    </>
  );
}
