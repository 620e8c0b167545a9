import { Chip, Stack } from '@mui/material';
import { type PublicProfile, registerMessages } from '@portal/contract';

/** Titles then names, as the register shows them: 'Eng. Jane Wanjiru Mwangi'. */
export function memberName(p: Pick<PublicProfile, 'profileTitle' | 'FirstName' | 'SecondName' | 'LastName'>): string {
  return [p.profileTitle.map((t) => t.title).join(' '), p.FirstName, p.SecondName, p.LastName].filter(Boolean).join(' ');
}

export function currentWorkplace(p: Pick<PublicProfile, 'workexp'>): string | null {
  return p.workexp.find((w) => w.Current)?.NameOfFirm ?? null;
}

/**
 * Active shows green and any other status orange (part 1 §4), whatever the site's palette: the default
 * 'success' colour of the settings is the body's red.
 */
const GREEN = '#2E7D32';
const ORANGE = '#ED6C02';

export function StatusChip({ status }: { status: string }) {
  const color = status === 'Active' ? GREEN : ORANGE;
  return <Chip size="small" label={status} sx={{ bgcolor: color, color: '#fff', fontWeight: 600 }} />;
}

/** Status, and good standing (true) or In arrears (part 1 §4). */
export function MemberStatusChips({ member }: { member: Pick<PublicProfile, 'Status' | 'goodStanding'> }) {
  const color = member.goodStanding ? GREEN : ORANGE;
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
