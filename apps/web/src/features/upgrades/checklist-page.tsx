import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { type ChecklistItem, type UpgradePlan, upgradeMessages } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isReturned } from '../../shared/member/queries';
import { ChecklistTable } from '../../shared/ui/checklist-table';
import { useUpgradeChecklist, useUpgradePlans, useUpgrades } from './api';
import { canContinue, completeRoute } from './rules';
import { SubmitDialog } from './submit-dialog';
import { UpgradePage } from './upgrade-page';

function CompleteButton({ item }: { item: ChecklistItem }) {
  const to = completeRoute(item);
  const label = `Complete ${item.description}`;
  if (!to) {
    return (
      <Button variant="outlined" size="small" disabled aria-label={label}>
        Complete
      </Button>
    );
  }
  return (
    <Button component={RouterLink} to={to} variant="outlined" size="small" disabled={item.pass} aria-label={label}>
      Complete
    </Button>
  );
}

function Checklist({ items, plan, resubmit }: { items: ChecklistItem[]; plan: UpgradePlan | undefined; resubmit: boolean }) {
  const [confirmed, setConfirmed] = useState(false);
  const [open, setOpen] = useState(false);
  const done = items.filter((i) => i.pass).length;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{upgradeMessages.requirementsComplete(done, items.length)}</Alert>
      <ChecklistTable label="Upgrade checklist" outlined showType items={items} action={(item) => <CompleteButton item={item} />} />
      {!plan && <Alert severity="warning">{upgradeMessages.planNotFound}</Alert>}
      <FormControlLabel
        control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
        label={upgradeMessages.confirmBox}
      />
      <Box>
        <Button variant="contained" disabled={!plan || !canContinue(confirmed, items)} onClick={() => setOpen(true)}>
          Continue
        </Button>
      </Box>
      {plan && <SubmitDialog plan={plan} resubmit={resubmit} open={open} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

/** /upgrade/checklist/:code: the target category's checklist, the confirmation and the submission (part 2 §2.2, §5). */
export function UpgradeChecklistPage() {
  const { code = '' } = useParams();
  const checklist = useUpgradeChecklist(code);
  const plans = useUpgradePlans();
  const upgrades = useUpgrades();
  // The plan's code (PE, as the cards say) or its category (PROFESSIONAL): both lead to the plan.
  const plan = plans.data?.find((p) => p.ToCategory === code || p.code.toUpperCase() === code.toUpperCase());
  const target = plan?.ToCategory ?? code;
  const resubmit = Boolean(upgrades.data?.some((u) => u.toCategory === target && isReturned(u)));
  // The plan gives the amount to submit: the checklist shows once both have loaded.
  const query = {
    isLoading: checklist.isLoading || plans.isLoading,
    error: checklist.error ?? plans.error,
    data: plans.data && checklist.data,
  };
  return (
    <UpgradePage title={`Upgrade to ${plan?.ToCategoryDescription ?? code}`} query={query} loadingLabel="Loading the checklist">
      {(items) => (
        <>
          <Typography color="text.secondary">Complete every requirement, confirm, then submit your application.</Typography>
          <Checklist items={items} plan={plan} resubmit={resubmit} />
        </>
      )}
    </UpgradePage>
  );
}
