import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LICENSE_DETAIL_LABELS, type ReviewApplication } from '@portal/contract';
import { licenseDate } from '../../shared/licenses/license-text';
import { FileButton } from './file-viewer';
import { describeCode, Fields } from './panels';

export { KindChip, kindDetail, transitionLabel } from './kind-chip';

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
