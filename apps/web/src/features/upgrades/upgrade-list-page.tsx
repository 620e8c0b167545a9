import { Add, TrendingUp } from '@mui/icons-material';
import { Alert, Button, Chip, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes, type Upgrade } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { isReturned } from '../../shared/member/queries';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import type { ServerTableColumn } from '../../shared/ui/server-table';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useUpgrades } from './api';
import { ReviewerComments } from './reviewer-comments';
import { upgradeActions } from './rules';
import { UpgradeActionButtons } from './upgrade-actions';

const COLUMNS: ServerTableColumn[] = [
  'Code',
  'From Category',
  'To Category',
  { label: 'Amount', align: 'right' },
  'Period',
  'Status',
  'Feedback from the body',
  'Actions',
];

function StatusChips({ upgrade }: { upgrade: Upgrade }) {
  const color = upgrade.status === 'Released' ? STATUS_COLORS.good : upgrade.status === 'Rejected' ? STATUS_COLORS.bad : null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={upgrade.status} sx={color ? { bgcolor: color, color: '#fff' } : undefined} />
      {isReturned(upgrade) && <Chip size="small" color="warning" variant="outlined" label="Returned to you" />}
    </Stack>
  );
}

function UpgradeTable({ upgrades }: { upgrades: Upgrade[] }) {
  return (
    <PlainTable label="My Upgrades" outlined columns={COLUMNS}>
      {upgrades.map((u) => {
        const actions = upgradeActions(u);
        return (
          <TableRow key={u.code} hover sx={{ verticalAlign: 'top' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{u.code}</TableCell>
            <TableCell>{u.fromCategoryDescription}</TableCell>
            <TableCell>{u.toCategoryDescription}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatKes(u.amount)}
            </TableCell>
            <TableCell>{u.subsPeriod}</TableCell>
            <TableCell>
              <StatusChips upgrade={u} />
            </TableCell>
            <TableCell>
              <ReviewerComments upgrade={u} button={actions.comments} />
            </TableCell>
            <TableCell sx={{ minWidth: 240 }}>
              <UpgradeActionButtons upgrade={u} actions={actions} />
            </TableCell>
          </TableRow>
        );
      })}
    </PlainTable>
  );
}

/** On a phone each upgrade is a card with every action, rather than a table wider than the screen. */
function UpgradeCards({ upgrades }: { upgrades: Upgrade[] }) {
  return (
    <Stack spacing={1.5}>
      {upgrades.map((u) => {
        const actions = upgradeActions(u);
        return (
          <SummaryCard
            key={u.code}
            label={`Upgrade ${u.code}`}
            head={
              <Typography variant="body2" color="text.secondary">
                {u.code} · {u.subsPeriod}
              </Typography>
            }
            aside={<StatusChips upgrade={u} />}
            title={`${u.fromCategoryDescription} → ${u.toCategoryDescription}`}
          >
            <Typography variant="body2">{formatKes(u.amount)}</Typography>
            <ReviewerComments upgrade={u} button={actions.comments} />
            <UpgradeActionButtons upgrade={u} actions={actions} />
          </SummaryCard>
        );
      })}
    </Stack>
  );
}

/** /upgrade: My Upgrades with their row actions and New Upgrade (part 2 §2.2). */
export function UpgradeListPage() {
  const upgrades = useUpgrades();
  const phone = usePhoneCards();
  const list = upgrades.data ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          My Upgrades
        </Typography>
        <Button component={RouterLink} to="/upgrade/card" variant="contained" startIcon={<Add />}>
          New Upgrade
        </Button>
      </Stack>
      {upgrades.isLoading && <LoadingSpinner label="Loading your upgrades" />}
      {upgrades.error && (
        <Alert severity="error" role="alert">
          {upgrades.error.message}
        </Alert>
      )}
      {upgrades.data && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <TrendingUp sx={{ fontSize: 48, mb: 1 }} />
          <Typography>You have not applied for an upgrade yet. Choose New Upgrade to see the categories you can move to.</Typography>
        </Paper>
      )}
      {list.length > 0 && (phone ? <UpgradeCards upgrades={list} /> : <UpgradeTable upgrades={list} />)}
    </Stack>
  );
}
