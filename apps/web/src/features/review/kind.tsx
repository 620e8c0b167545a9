import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  type ApplicationKind,
  LICENSE_DETAIL_LABELS,
  type ReviewApplication,
  type ReviewQueueItem,
  TRANSITION_ACTIONS,
} from '@portal/contract';
import { licenseDate } from '../../shared/licenses/license-text';
import { FileButton } from './file-viewer';
import { describeCode, Fields } from './panels';

const KIND_COLORS: Record<ApplicationKind, 'default' | 'secondary' | 'info'> = {
  Registration: 'default',
  Upgrade: 'secondary',
  Licence: 'info',
};

export function KindChip({ kind }: { kind: ApplicationKind }) {
  return <Chip size="small" variant="outlined" color={KIND_COLORS[kind]} label={kind} />;
}

/** What the kind adds to a row: an upgrade's 'FROM → TO' categories, a licence's practising year. */
export function kindDetail(item: Pick<ReviewQueueItem, 'kind' | 'FromCategory' | 'AppliedCategory' | 'LicenseYear'>): string | null {
  if (item.kind === 'Upgrade') return `${item.FromCategory ?? '—'} → ${item.AppliedCategory}`;
  if (item.kind === 'Licence' && item.LicenseYear !== null) return String(item.LicenseYear);
  return null;
}

/** The button that moves to a status: releasing an upgrade or a licence approves it. */
export function transitionLabel(to: string, kind: ApplicationKind): string {
  if (to === 'Released' && kind !== 'Registration') return 'Approve';
  return TRANSITION_ACTIONS[to] ?? to;
}

/** Fields whose value is a setup list's code, shown as its description when the server sent one. */
const CODED: Partial<Record<keyof typeof LICENSE_DETAIL_LABELS, string>> = { countryCode: 'countries', county: 'counties' };

/** A licence application's details tab, the signed scan and the licence once issued. */
export function LicencePanel({ data }: { data: ReviewApplication }) {
  const licence = data.licence;
  if (!licence) return null;
  const fields = Object.entries(LICENSE_DETAIL_LABELS).map(([key, label]): [string, unknown] => {
    const value = licence.details[key];
    const list = CODED[key as keyof typeof LICENSE_DETAIL_LABELS];
    return [label, list ? describeCode(data.codeLabels, list, value) : value];
  });
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Licence {licence.year} ({licence.type})
          </Typography>
          {licence.signedFileId ? (
            <FileButton
              file={{ id: licence.signedFileId, fileName: `Signed application ${data.application.Code}` }}
              label="Signed application"
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              The signed application has not been uploaded.
            </Typography>
          )}
        </Stack>
        {licence.licenseNo && (
          <Box sx={{ mb: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>
              Licence {licence.licenseNo} · {licence.licenseStatus}
              {licence.validTo && ` · valid until ${licenseDate(licence.validTo)}`}
            </Typography>
          </Box>
        )}
        <Fields fields={fields} />
      </CardContent>
    </Card>
  );
}
