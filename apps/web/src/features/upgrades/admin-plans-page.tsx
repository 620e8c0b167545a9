import { Alert, Stack, Typography } from '@mui/material';
import { useCategories } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { usePhoneCards } from '../../shared/ui/summary-card';
import { AdminPlanCard, AdminPlanRow } from './admin-plan-row';
import { useAdminUpgradePlans } from './api';

const COLUMNS = ['Code', 'Target category', 'Amount (KES)', 'Enabled', 'Who may apply', 'Actions'];

/** /admin/upgrade-plans: the main administrator's upgrade plans, each saved on its own (a card each on a phone). */
export function AdminPlansPage() {
  const plans = useAdminUpgradePlans();
  const categories = useCategories();
  const phone = usePhoneCards();
  const error = plans.error ?? categories.error;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Upgrade Plans
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The fee of each upgrade, whether members may apply for it now, and the membership categories whose members may.
      </Typography>
      {(plans.isLoading || categories.isLoading) && <LoadingSpinner label="Loading the upgrade plans" />}
      {error && (
        <Alert severity="warning" role="alert">
          {error.message}
        </Alert>
      )}
      {plans.data?.length === 0 && <Typography color="text.secondary">There are no upgrade plans.</Typography>}
      {plans.data &&
        categories.data &&
        plans.data.length > 0 &&
        (phone ? (
          <Stack spacing={1.5}>
            {plans.data.map((p) => (
              <AdminPlanCard key={p.code} plan={p} categories={categories.data} />
            ))}
          </Stack>
        ) : (
          <PlainTable label="Upgrade plans" outlined columns={COLUMNS} sx={{ minWidth: 960 }}>
            {plans.data.map((p) => (
              <AdminPlanRow key={p.code} plan={p} categories={categories.data} />
            ))}
          </PlainTable>
        ))}
    </Stack>
  );
}
