import {
  AppBar,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  Grid,
  Stack,
  Switch,
  TextField,
  ThemeProvider,
  Typography,
} from '@mui/material';
import {
  COLOR_NAMES,
  type ColorName,
  colorsToRecord,
  DEFAULT_COLORS,
  HEX_COLOR,
  type MinorSettingsInput,
  messages,
  PACKAGES,
  parseMinorSettings,
  REGISTER_SANCTION_LABELS,
  REGISTER_SANCTIONS,
  type RegisterSanctions,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LiteAlert, LiteChip } from '../../shared/lite/surfaces';
import { useCompany } from '../../shared/settings/use-settings';
import { buildTheme } from '../../shared/theme/theme';
import { LoadingSpinner } from '../../shared/ui/loading';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { useToast } from '../../shared/ui/toast';
import { adminApi } from './api';

const COLOR_LABELS: Record<ColorName, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  accent: 'Accent',
  error: 'Error',
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  BackTheme: 'Background (BackTheme)',
  BadgeTheme: 'Badge (BadgeTheme)',
};

const TEXT_SETTINGS: { key: keyof MinorSettingsInput; label: string; multiline?: boolean }[] = [
  { key: 'login_caption', label: 'Login caption' },
  { key: 'organisation_caption', label: 'Organisation caption' },
  { key: 'license_alternative_caption', label: 'Licence caption' },
  { key: 'certificate_of_good_standing_caption', label: 'Good-standing certificate caption' },
  { key: 'acceptance_letter_caption', label: 'Acceptance letter caption' },
  { key: 'member_number_prefix', label: 'Member number prefix' },
  { key: 'referee_reminder_days', label: 'Days between referee reminders' },
  { key: 'cpd_start_year', label: 'First year of the CPD year list' },
  { key: 'complaint_notice_days', label: "Days to answer a complaint's notice" },
  { key: 'complaint_appeal_days', label: 'Days to appeal a complaint decision' },
  { key: 'referee_disclaimer_caption', label: 'Referee disclaimer text', multiline: true },
];

const SWITCH_SETTINGS: { key: keyof MinorSettingsInput; label: string; help: string }[] = [
  { key: 'registration', label: 'Registration', help: 'New applicants may register (Register As Member)' },
  { key: 'referee_disclaimer', label: 'Referee disclaimer', help: 'Show the referee disclaimer text' },
  { key: 'countyField', label: 'County field', help: 'Ask for the county on contacts' },
  { key: 'practicing_firm', label: 'Practising firm', help: 'Ask for the practising firm on the bio form' },
  { key: 'inactivityLogout', label: 'Inactivity logout', help: 'End sessions after 5 minutes without activity' },
  { key: 'certificate_of_good_standing', label: 'Good-standing certificate', help: 'Offer the certificate to members in good standing' },
  { key: 'showWorkPlace', label: 'Show workplace', help: 'Show the current workplace on the dashboard' },
  { key: 'approver_campaigns', label: 'Campaigns by approvers', help: 'Approvers may write and send campaigns too' },
];

/** The settings keep the spec's success colour, but positive states are always the semantic green (decision 040). */
const SUCCESS_NOTE = 'Kept for the record: Active, Paid, Accepted and other positive states always show in green';

function ColorField({ name, value, onChange }: { name: ColorName; value: string; onChange: (v: string) => void }) {
  const valid = HEX_COLOR.test(value);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box
        component="input"
        type="color"
        aria-label={`${COLOR_LABELS[name]} colour picker`}
        value={valid && value.length === 7 ? value : '#000000'}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value.toUpperCase())}
        sx={{ width: 44, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, cursor: 'pointer', bgcolor: 'transparent' }}
      />
      <TextField
        label={COLOR_LABELS[name]}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        error={!valid}
        helperText={valid ? (name === 'success' ? SUCCESS_NOTE : ' ') : 'Use a hex colour such as #9F232D'}
      />
    </Stack>
  );
}

/** The portal's own theme built from the colours being edited (one still being typed shows its default meanwhile). */
function Preview({ colors }: { colors: Record<ColorName, string> }) {
  const theme = useMemo(() => buildTheme(validColours(colors)), [colors]);
  return (
    <ThemeProvider theme={theme}>
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.default' }}
        aria-label="Live preview"
      >
        <AppBar position="static" elevation={0} color="primary">
          <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 48, px: { xs: 2, sm: 3 } }}>
            <Typography sx={{ flexGrow: 1, fontWeight: 700 }}>Preview</Typography>
            <LiteChip label="3" bg={theme.palette.badge.main} fg={theme.palette.badge.contrastText} />
          </Box>
        </AppBar>
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Button variant="contained" color="primary">
              Primary
            </Button>
            <Button variant="contained" color="secondary">
              Secondary
            </Button>
            <Button variant="outlined" color="accent">
              Accent
            </Button>
          </Stack>
          {(['success', 'info', 'warning', 'error'] as const).map((k) => (
            <Box key={k} sx={{ px: 1.5, py: 0.75, borderRadius: 1, color: `${k}.contrastText`, bgcolor: `${k}.main`, fontSize: 14 }}>
              {COLOR_LABELS[k]} message
            </Box>
          ))}
        </Stack>
      </Box>
    </ThemeProvider>
  );
}

function validColours(colors: Record<ColorName, string>): Record<ColorName, string> {
  const valid = COLOR_NAMES.map((name) => [name, HEX_COLOR.test(colors[name]) ? colors[name] : DEFAULT_COLORS[name]]);
  return Object.fromEntries(valid) as Record<ColorName, string>;
}

function CompanyCard() {
  const company = useCompany();
  if (!company.data) return null;
  return <CompanyForm displayName={company.data.displayName} logoUrl={company.data.logo} />;
}

function CompanyForm({ displayName, logoUrl }: { displayName: string; logoUrl: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState(displayName);
  const [logo, setLogo] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = logo ? URL.createObjectURL(logo) : logoUrl;

  async function save() {
    setBusy(true);
    try {
      await adminApi.saveCompany(name, logo);
      await queryClient.invalidateQueries({ queryKey: ['company'] });
      setLogo(null);
      toast(messages.settingSaved);
    } catch (error) {
      toast((error as Error).message, 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Organisation" subheader="Name and logo shown on every page" />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Avatar src={preview} variant="rounded" sx={{ width: 64, height: 64 }} alt="Logo preview" />
          <TextField
            label="Display name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!name.trim()}
            helperText={name.trim() ? ' ' : 'Required.'}
          />
          <Button component="label" variant="outlined" sx={{ flexShrink: 0 }}>
            {logo ? logo.name : 'Choose logo'}
            <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => setLogo(e.target.files?.[0] ?? null)} />
          </Button>
          <Button variant="contained" onClick={save} disabled={busy || !name.trim()} sx={{ flexShrink: 0 }}>
            {busy ? 'Saving…' : 'Save organisation'}
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          PNG or JPEG, at most 512KB.
        </Typography>
      </CardContent>
    </Card>
  );
}

export function AdminSettingsPage() {
  const settings = useQuery({ queryKey: ['admin-settings'], queryFn: adminApi.settings });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [colors, setColors] = useState<Record<ColorName, string> | null>(null);
  const [packages, setPackages] = useState<string[]>([]);
  const [minor, setMinor] = useState<MinorSettingsInput | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setColors(colorsToRecord(settings.data.site_colors));
    setPackages(settings.data.site_installed_packages);
    setMinor(parseMinorSettings(settings.data.minor_settings));
  }, [settings.data]);

  if (settings.isLoading || !colors || !minor)
    return settings.error ? <LiteAlert severity="error">{settings.error.message}</LiteAlert> : <LoadingSpinner />;

  async function save() {
    if (!colors || !minor) return;
    // The form's rules (zod) are fetched at the first Save, not with the page (decision 054).
    const { minorSettingsInput } = await import('@portal/contract');
    const parsed = minorSettingsInput.safeParse(minor);
    const badColors = COLOR_NAMES.filter((c) => !HEX_COLOR.test(colors[c]));
    const problems = [
      ...badColors.map((c) => `${COLOR_LABELS[c]}: use a hex colour such as #9F232D`),
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`)),
    ];
    setErrors(problems);
    if (problems.length) return;
    setBusy(true);
    try {
      await adminApi.saveSettings({
        id: settings.data?.id ?? null,
        colors: COLOR_NAMES.map((colorName) => ({ colorName, color: colors[colorName] })),
        packages,
        minor,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-settings'] }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]);
      toast(messages.settingSaved);
    } catch (error) {
      toast((error as Error).message, 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Admin Settings
        </Typography>
        <Button variant="contained" size="large" onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </Button>
      </Box>
      {errors.length > 0 && (
        <LiteAlert severity="error">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </LiteAlert>
      )}
      <Card>
        <CardHeader title="Theme colours" subheader="Members and visitors see new colours on their next page load" />
        <CardContent>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Grid container spacing={1}>
                {COLOR_NAMES.map((name) => (
                  <Grid key={name} size={{ xs: 12, sm: 6 }}>
                    <ColorField name={name} value={colors[name]} onChange={(v) => setColors({ ...colors, [name]: v })} />
                  </Grid>
                ))}
              </Grid>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Preview colors={colors} />
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Feature links" subheader="The links members see in the side menu" />
        <CardContent>
          <Grid container>
            {PACKAGES.map((p) => (
              <Grid key={p} size={{ xs: 6, sm: 4, md: 3 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={packages.includes(p)}
                      onChange={(e) => setPackages(e.target.checked ? [...packages, p] : packages.filter((x) => x !== p))}
                    />
                  }
                  label={p}
                />
              </Grid>
            ))}
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Captions and options" />
        <CardContent>
          <Grid container spacing={2}>
            {TEXT_SETTINGS.map((s) => (
              <Grid key={s.key} size={{ xs: 12, md: s.multiline ? 12 : 6 }}>
                <TextField
                  label={s.label}
                  value={String(minor[s.key])}
                  multiline={s.multiline}
                  minRows={s.multiline ? 2 : undefined}
                  onChange={(e) => setMinor({ ...minor, [s.key]: e.target.value })}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, md: 6 }}>
              <NativeSelectField
                label="Sanctions shown on the public register"
                value={minor.register_sanctions ?? 'suspensions'}
                onChange={(e) => setMinor({ ...minor, register_sanctions: e.target.value as RegisterSanctions })}
                fullWidth
              >
                {REGISTER_SANCTIONS.map((r) => (
                  <option key={r} value={r}>
                    {REGISTER_SANCTION_LABELS[r]}
                  </option>
                ))}
              </NativeSelectField>
            </Grid>
          </Grid>
          <Grid container spacing={1} sx={{ mt: 2 }}>
            {SWITCH_SETTINGS.map((s) => (
              <Grid key={s.key} size={{ xs: 12, md: 6 }}>
                <FormControlLabel
                  control={<Switch checked={Boolean(minor[s.key])} onChange={(e) => setMinor({ ...minor, [s.key]: e.target.checked })} />}
                  label={
                    <Box>
                      <Typography>{s.label}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {s.help}
                      </Typography>
                    </Box>
                  }
                />
              </Grid>
            ))}
          </Grid>
        </CardContent>
      </Card>
      <CompanyCard />
    </Stack>
  );
}
