import { ArrowBack, ArrowForward, Send } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardActions, CardContent, Divider, Stack, Typography } from '@mui/material';
import {
  formatKes,
  formatPhone,
  LICENSE_DETAIL_LABELS,
  type LicenseApplication,
  type LicenseDetails,
  type LicenseDetailsInput,
  type LicenseProfile,
  licenseMessages,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useRouteCode } from '../../shared/documents/routes';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { eachFieldError } from '../../shared/ui/field-errors';
import { setFlash } from '../../shared/ui/flash';
import { type AlertState, errorAlert, FormAlert } from '../../shared/ui/form-alert';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';
import { licenseApi, useLicenseApplication, useLicenseChecklist, useLicenseProfile, useRefreshLicenses } from './api';
import { ChecklistStep } from './checklist-step';
import { useLicenseCaption } from './components';
import { DeclarationStep } from './declaration-step';
import { LicenseDetailsFields } from './details-form';
import { LICENSE_LIST, licensePath } from './paths';

const DETAILS = 0;
const CHECKLIST = 1;
const DECLARATION = 2;

/** The form's starting values: empty, then the profile's prefill, then what a draft being continued holds. */
function initialDetails(...sources: Partial<LicenseDetailsInput>[]): LicenseDetailsInput {
  const values = Object.fromEntries(Object.keys(LICENSE_DETAIL_LABELS).map((k) => [k, ''])) as LicenseDetailsInput;
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      if (key in values && typeof value === 'string' && value) values[key as keyof LicenseDetailsInput] = value;
    }
  }
  // The stored number as every form shows it, '+254 722 123 456' (decision 040).
  values.practitionerPhone = formatPhone(values.practitionerPhone);
  return values;
}

function Wizard({ profile, application }: { profile: LicenseProfile; application: LicenseApplication | null }) {
  const caption = useLicenseCaption();
  const navigate = useNavigate();
  const refresh = useRefreshLicenses();
  const checklist = useLicenseChecklist(profile.memberCategory);
  const [tab, setTab] = useState(DETAILS);
  // The furthest tab unlocked: later tabs stay disabled until the earlier steps are done.
  const [reached, setReached] = useState(DETAILS);
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const form = useForm<LicenseDetailsInput, unknown, LicenseDetails>({
    resolver: lazyZodResolver(() => import('@portal/contract').then(({ licenseDetailsSchema }) => licenseDetailsSchema)),
    defaultValues: initialDetails(profile.prefill, application?.details ?? {}),
  });
  const items = checklist.data ?? [];
  const checklistDone = Boolean(checklist.data) && items.every((i) => i.pass);
  const busy = form.formState.isSubmitting;

  const go = (next: number) => {
    setReached((r) => Math.max(r, next));
    setTab(next);
  };

  const submit = form.handleSubmit(
    async (details) => {
      setAlert(null);
      try {
        const saved = await licenseApi.save({ ...details, declaration: true, licenseApplicationNo: application?.licenseApplicationNo });
        await refresh();
        setFlash(licenseMessages.saved);
        navigate(licensePath('document', saved.licenseApplicationNo));
      } catch (error) {
        let onDetails = false;
        eachFieldError(error, (field, message) => {
          if (!(field in LICENSE_DETAIL_LABELS)) return;
          form.setError(field as keyof LicenseDetailsInput, { message });
          onDetails = true;
        });
        setAlert(errorAlert(error));
        if (onDetails) setTab(DETAILS);
      }
    },
    // A detail made invalid after the first tab was passed: back to it, with its messages.
    () => setTab(DETAILS),
  );

  const labels = [`${caption} details`, 'Checklist', 'Declaration'];
  return (
    <Card>
      <PageTabs value={tab} onChange={setTab} label="Steps" tabs={labels.map((label, i) => ({ value: i, label, disabled: i > reached }))} />
      <Divider />
      <CardContent>
        <FormAlert alert={alert} />
        {tab === DETAILS && <LicenseDetailsFields form={form} />}
        {tab === CHECKLIST && (
          <ChecklistStep items={items} loading={checklist.isLoading} error={checklist.error ? checklist.error.message : null} />
        )}
        {tab === DECLARATION && (
          <DeclarationStep
            caption={caption}
            agreed={agreed}
            touched={touched}
            onChange={(value) => {
              setAgreed(value);
              setTouched(true);
            }}
          />
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        {tab === DETAILS ? (
          <Button component={RouterLink} to={LICENSE_LIST} startIcon={<ArrowBack />}>
            Cancel
          </Button>
        ) : (
          <Button startIcon={<ArrowBack />} onClick={() => setTab(tab - 1)} disabled={busy}>
            Back
          </Button>
        )}
        {tab === DETAILS && (
          <Button variant="contained" endIcon={<ArrowForward />} onClick={form.handleSubmit(() => go(CHECKLIST))}>
            Continue
          </Button>
        )}
        {tab === CHECKLIST && (
          <Button variant="contained" endIcon={<ArrowForward />} disabled={!checklistDone} onClick={() => go(DECLARATION)}>
            Continue
          </Button>
        )}
        {tab === DECLARATION && (
          <Button variant="contained" endIcon={<Send />} disabled={!agreed || busy} onClick={submit}>
            Submit
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * /license/card/{code?}: the three-tab wizard (part 2 §2.4, §4, §5): details, checklist, declaration. Without a
 * code it continues the member's open draft, if any; a member who may not apply sees why.
 */
export function LicenseWizardPage() {
  const caption = useLicenseCaption();
  const code = useRouteCode();
  const profile = useLicenseProfile();
  const no = code ?? profile.data?.openApplicationNo ?? null;
  const existing = useLicenseApplication(no);
  const failure = profile.error?.message ?? existing.error?.message ?? null;
  const blocked = !no ? (profile.data?.blockedReason ?? null) : null;
  const fee = profile.data?.amount;

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {caption} Application
        </Typography>
        {profile.data && (
          <Typography variant="body2" color="text.secondary">
            {[no, profile.data.year, profile.data.type, profile.data.categoryDescription, fee != null && formatKes(fee)]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
      </Box>
      {failure || blocked ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity={failure ? 'error' : 'info'}>{failure ?? blocked}</Alert>
          <Button component={RouterLink} to={LICENSE_LIST} startIcon={<ArrowBack />}>
            Back to applications
          </Button>
        </Stack>
      ) : profile.data && (!no || existing.data) ? (
        <Wizard key={no ?? 'new'} profile={profile.data} application={existing.data ?? null} />
      ) : (
        <LoadingSpinner label="Loading your application" />
      )}
    </Stack>
  );
}
