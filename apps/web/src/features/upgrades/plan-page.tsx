import { Chip, Typography } from '@mui/material';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { useUpgradePlans } from './api';
import { PlanCard, PlanGrid } from './plan-card';
import { UpgradePage } from './upgrade-page';

/** /upgrade/plan: every upgrade plan, open or not (part 2 §2.2); Select is off for a closed plan or another category's. */
export function PlanPage() {
  const plans = useUpgradePlans();
  return (
    <UpgradePage title="Upgrade Plans" query={plans} loadingLabel="Loading the upgrade plans">
      {(list) =>
        list.length === 0 ? (
          <Typography color="text.secondary">There are no upgrade plans.</Typography>
        ) : (
          <PlanGrid>
            {list.map((p) => (
              <PlanCard
                key={p.code}
                plan={p}
                title={p.ToCategoryDescription}
                disabled={!p.enabled || !p.eligible}
                chip={
                  <Chip
                    size="small"
                    label={p.enabled ? 'Enabled' : 'Disabled'}
                    sx={p.enabled ? { bgcolor: STATUS_COLORS.good, color: '#fff' } : undefined}
                  />
                }
              >
                <Typography variant="body2" color="text.secondary">
                  Plan {p.code}
                </Typography>
                {p.enabled && !p.eligible && (
                  <Typography variant="caption" color="text.secondary">
                    Not open to members of your category.
                  </Typography>
                )}
              </PlanCard>
            ))}
          </PlanGrid>
        )
      }
    </UpgradePage>
  );
}
