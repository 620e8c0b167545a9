import { Chip, Stack } from '@mui/material';
import { type PublicProfile, registerMessages } from '@portal/contract';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

/** Titles then names, as the register shows them: 'Eng. Jane Wanjiru Mwangi'. */
export function memberName(p: Pick<PublicProfile, 'profileTitle' | 'FirstName' | 'SecondName' | 'LastName'>): string {
  return [p.profileTitle.map((t) => t.title).join(' '), p.FirstName, p.SecondName, p.LastName].filter(Boolean).join(' ');
}

export function currentWorkplace(p: Pick<PublicProfile, 'workexp'>): string | null {
  return p.workexp.find((w) => w.Current)?.NameOfFirm ?? null;
}

/** Active shows green and any other status orange (part 1 §4), whatever the site's palette. */
export function StatusChip({ status }: { status: string }) {
  const color = status === 'Active' ? STATUS_COLORS.good : STATUS_COLORS.pending;
  return <Chip size="small" label={status} sx={{ bgcolor: color, color: '#fff', fontWeight: 600 }} />;
}

/** Status, and good standing (true) or In arrears (part 1 §4). */
export function MemberStatusChips({ member }: { member: Pick<PublicProfile, 'Status' | 'goodStanding'> }) {
  const color = member.goodStanding ? STATUS_COLORS.good : STATUS_COLORS.pending;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <StatusChip status={member.Status} />
      <Chip
        size="small"
        variant="outlined"
        label={member.goodStanding ? registerMessages.goodStanding : registerMessages.inArrears}
        sx={{ borderColor: color, color, fontWeight: 600 }}
      />
    </Stack>
  );
}
