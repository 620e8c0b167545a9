import { Stack, Typography } from '@mui/material';
import type { License, LicenseStatus } from '@portal/contract';
import { licenseDate } from '../../shared/licenses/license-text';
import { LiteChip } from '../../shared/lite/surfaces';
import { useSettings } from '../../shared/settings/use-settings';
import { STATUS_COLORS } from '../../shared/ui/status-colors';

/** The configurable word for a licence (part 2 §2.4, §2.8): headings read '<caption> Applications'. */
export function useLicenseCaption(): string {
  return useSettings().minor.license_alternative_caption || 'License';
}

const STATUS_BG: Record<LicenseStatus, string> = {
  Active: STATUS_COLORS.good,
  Suspended: STATUS_COLORS.pending,
  Revoked: STATUS_COLORS.bad,
  Lapsed: '#757575',
};

export function LicenseStatusChip({ status }: { status: LicenseStatus }) {
  return <LiteChip label={status} bg={STATUS_BG[status]} bold />;
}

/** An issued licence in a row: its number, the last day it is valid (31 December of its year) and its status. */
export function IssuedLicense({ license }: { license: License }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
      <Typography variant="caption" color="text.secondary">
        Licence {license.licenseNo} · valid until {licenseDate(license.validTo)}
      </Typography>
      <LicenseStatusChip status={license.status} />
    </Stack>
  );
}
