import { Chip, Stack } from '@mui/material';
import { type PublicProfile, registerMessages } from '@portal/contract';
import { licenseDate } from '../../shared/licenses/license-text';
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

/** 'Licensed to practise until 31 December 2026' for a member holding a current licence (decision 032). */
function LicenceChip({ member, showUnlicensed }: { member: Pick<PublicProfile, 'licensed' | 'licenseValidTo'>; showUnlicensed?: boolean }) {
  if (member.licensed && member.licenseValidTo) {
    return (
      <Chip
        size="small"
        color="info"
        label={registerMessages.licensed(licenseDate(member.licenseValidTo))}
        // The sentence wraps on a phone rather than losing its date.
        sx={{ fontWeight: 600, height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    );
  }
  if (!showUnlicensed) return null;
  return <Chip size="small" variant="outlined" label={registerMessages.notLicensed} />;
}

/**
 * Status, good standing (true) or In arrears (part 1 §4), and the practising licence when the member holds one;
 * `showUnlicensed` (the member's card) also says when they do not.
 */
export function MemberStatusChips({
  member,
  showUnlicensed,
}: {
  member: Pick<PublicProfile, 'Status' | 'goodStanding' | 'licensed' | 'licenseValidTo'>;
  showUnlicensed?: boolean;
}) {
  const color = member.goodStanding ? STATUS_COLORS.good : STATUS_COLORS.pending;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <StatusChip status={member.Status} />
      <Chip
        size="small"
        variant="outlined"
        label={member.goodStanding ? registerMessages.goodStanding : registerMessages.inArrears}
        sx={{ borderColor: color, color, fontWeight: 600 }}
      />
      <LicenceChip member={member} showUnlicensed={showUnlicensed} />
    </Stack>
  );
}
