import { Add, CardMembership, ReceiptLong, RequestQuote, Visibility } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { applicationStatusLabel, formatKes, type LicenseApplication, PAYMENT_DESCRIPTIONS } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { isReturned } from '../../shared/member/queries';
import { shortDate } from '../../shared/payments/documents';
import { PayNowButton } from '../../shared/payments/pay-now-button';
import { invoiceRoute, receiptRoute } from '../../shared/payments/routes';
import { Caption } from '../../shared/ui/caption';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PlainTable } from '../../shared/ui/plain-table';
import { RowLinkButton } from '../../shared/ui/row-link-button';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useLicenseApplications, useLicenseProfile } from './api';
import { IssuedLicense, useLicenseCaption } from './components';
import { LICENSE_LIST, licensePath } from './paths';
import { canStartLicense, licenseActions } from './rules';

function StatusCell({ application: a }: { application: LicenseApplication }) {
  return (
    <>
      <Chip size="small" variant="outlined" label={isReturned(a) ? 'Returned' : applicationStatusLabel(a.status)} />
      {a.license && <IssuedLicense license={a.license} />}
    </>
  );
}

function RowActions({ application: a, caption }: { application: LicenseApplication; caption: string }) {
  const actions = licenseActions(a);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <RowLinkButton to={licensePath('document', a.licenseApplicationNo)} icon={<Visibility />}>
        View
      </RowLinkButton>
      {actions.invoice && a.proFormaRef && (
        <RowLinkButton to={invoiceRoute(a.proFormaRef)} icon={<RequestQuote />}>
          {actions.invoice}
        </RowLinkButton>
      )}
      {actions.receipt && a.receiptNo && (
        <RowLinkButton to={receiptRoute(a.receiptNo)} icon={<ReceiptLong />}>
          Receipt
        </RowLinkButton>
      )}
      {actions.payNow && (
        <PayNowButton
          size="small"
          payment={{
            sourceDocumentNo: a.licenseApplicationNo,
            description: PAYMENT_DESCRIPTIONS.license,
            amount: a.amount,
            successUrl: LICENSE_LIST,
          }}
        />
      )}
      {actions.licence && (
        <RowLinkButton to={licensePath('certificate', a.licenseApplicationNo)} icon={<CardMembership />}>
          {caption}
        </RowLinkButton>
      )}
    </Box>
  );
}

function ApplicationTable({ rows, caption }: { rows: LicenseApplication[]; caption: string }) {
  return (
    <PlainTable
      label={`${caption} Applications`}
      columns={['Application No', 'Application Date', 'Description', { label: 'Amount', align: 'right' }, 'Type', 'Status', 'Actions']}
    >
      {rows.map((a) => (
        <TableRow key={a.licenseApplicationNo} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.licenseApplicationNo}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(a.applicationDate)}</TableCell>
          <TableCell>{a.description}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatKes(a.amount)}
          </TableCell>
          <TableCell>
            {a.type}
            <Caption>{a.year}</Caption>
          </TableCell>
          <TableCell>
            <StatusCell application={a} />
          </TableCell>
          <TableCell sx={{ minWidth: 220 }}>
            <RowActions application={a} caption={caption} />
          </TableCell>
        </TableRow>
      ))}
    </PlainTable>
  );
}

/** On a phone each application is a card with its actions. */
function ApplicationCards({ rows, caption }: { rows: LicenseApplication[]; caption: string }) {
  return (
    <Stack spacing={1.5} aria-label={`${caption} Applications`}>
      {rows.map((a) => (
        <SummaryCard
          key={a.licenseApplicationNo}
          label={`Application ${a.licenseApplicationNo}`}
          head={
            <Typography variant="body2" color="text.secondary">
              {a.licenseApplicationNo} · {shortDate(a.applicationDate)}
            </Typography>
          }
          aside={<Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatKes(a.amount)}</Typography>}
          title={a.description}
        >
          <Typography variant="body2">
            {a.type} · {a.year}
          </Typography>
          <Box>
            <StatusCell application={a} />
          </Box>
          <RowActions application={a} caption={caption} />
        </SummaryCard>
      ))}
    </Stack>
  );
}

/** /license: the member's licence applications with their row actions and New (part 2 §2.4). */
export function LicenseListPage() {
  const caption = useLicenseCaption();
  const applications = useLicenseApplications();
  const profile = useLicenseProfile();
  const flash = useFlash();
  const phone = usePhoneCards();
  const rows = applications.data ?? [];
  const open = profile.data?.openApplicationNo ?? null;
  const blocked = profile.data ? !canStartLicense(profile.data) : true;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {caption} Applications
        </Typography>
        <Button
          component={RouterLink}
          to={open ? licensePath('card', open) : '/license/card'}
          variant="contained"
          startIcon={<Add />}
          disabled={blocked}
        >
          {open ? 'Continue' : 'New'}
        </Button>
      </Stack>
      {flash && (
        <Alert severity={flash.severity} role="status">
          {flash.message}
        </Alert>
      )}
      {profile.error && <Alert severity="error">{profile.error.message}</Alert>}
      {profile.data?.blockedReason && !open && <Alert severity="info">{profile.data.blockedReason}</Alert>}
      <Card>
        <CardContent>
          {applications.isLoading && <LoadingSpinner label={`Loading your ${caption.toLowerCase()} applications`} />}
          {applications.error && <Alert severity="error">{applications.error.message}</Alert>}
          {applications.data?.length === 0 && <Typography color="text.secondary">You have no applications yet.</Typography>}
          {rows.length > 0 &&
            (phone ? <ApplicationCards rows={rows} caption={caption} /> : <ApplicationTable rows={rows} caption={caption} />)}
        </CardContent>
      </Card>
    </Stack>
  );
}
