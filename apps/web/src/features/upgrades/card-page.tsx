import { CheckCircleOutline } from '@mui/icons-material';
import { Alert, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { upgradeMessages } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { useUpgradePlans } from './api';
import { PlanCard, PlanGrid } from './plan-card';
import { plansToApply } from './rules';
import { UpgradePage } from './upgrade-page';

const REQUIREMENTS = [upgradeMessages.requirementOne, upgradeMessages.requirementTwo];

function Requirements() {
  return (
    <>
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        Requirements
      </Typography>
      <List dense disablePadding>
        {REQUIREMENTS.map((text, i) => (
          <ListItem key={text} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <CheckCircleOutline fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText primary={`${i + 1}. ${text}`} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** /upgrade/card: the plans the member may apply for, each with its amount and requirements (part 2 §2.2). */
export function CardPage() {
  const plans = useUpgradePlans();
  return (
    <UpgradePage title="New Upgrade" query={plans} loadingLabel="Loading the upgrade plans">
      {(all) => {
        const open = plansToApply(all);
        if (open.length === 0) {
          return (
            <Alert severity="info">
              There is no upgrade open to your membership category at the moment.{' '}
              <Link component={RouterLink} to="/upgrade/plan">
                See all upgrade plans
              </Link>
            </Alert>
          );
        }
        return (
          <PlanGrid>
            {open.map((p) => (
              <PlanCard key={p.code} plan={p} title={`Upgrade to ${p.ToCategoryDescription}`}>
                <Requirements />
              </PlanCard>
            ))}
          </PlanGrid>
        );
      }}
    </UpgradePage>
  );
}
