import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import { encodeJson, type LoginRequest, loginRequest, type OtpTicket } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { saveSession } from '../../../shared/session/session-store';
import { useSettings } from '../../../shared/settings/use-settings';
import { BotCheck } from '../../../shared/ui/bot-check';
import { useFlash } from '../../../shared/ui/flash';
import { type AlertState, errorAlert, FormAlert } from '../../../shared/ui/form-alert';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextInput } from '../../../shared/ui/text-input';
import { authApi } from '../api';
import { landingPath } from '../landing';

const memberSteps = [
  'Click Activate Account and enter your membership number.',
  'Confirm your ID/Passport number; we send a code to the email and phone on record.',
  'Enter the code and choose your password.',
  'Sign in with your email and password.',
];
const applicantSteps = [
  'Click Register As Member and choose your membership category.',
  'Read the requirements, accept the terms and create your account.',
  'Verify your phone with the OTP we send (or the link in your email).',
  'Complete your profile, submit your application and pay the application fee.',
];

function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main' }} gutterBottom>
        {title}
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
        {steps.map((s) => (
          <li key={s}>
            <Typography variant="body2">{s}</Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const { minor } = useSettings();
  const flash = useFlash();
  const [alert, setAlert] = useState<AlertState>(flash);
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequest), defaultValues: { email: '', password: '' } });
  // An account past its failed sign-ins is asked for the bot check (decision 029): the widget shows from then on.
  const [botCheckAsked, setBotCheckAsked] = useState(false);
  // Each solution is good for one try: a new round mounts a fresh widget, which solves a new challenge.
  const [botCheckRound, setBotCheckRound] = useState(0);
  const voterToken = useRef<string | undefined>(undefined);
  const resubmitWhenSolved = useRef(false);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    const token = voterToken.current;
    voterToken.current = undefined;
    try {
      const session = await authApi.login(values.email, values.password, token);
      saveSession(session);
      navigate(landingPath(session.user), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.body?.otp) {
        navigate(`/otp/${encodeJson(error.body.otp as OtpTicket)}`, { state: { message: error.message } });
        return;
      }
      if (error instanceof ApiError && error.status === 403 && error.errors?.voterToken) {
        setBotCheckAsked(true);
        // Not again by itself if a solution was refused: the member decides (no loop of refused tries).
        resubmitWhenSolved.current = !token;
        setAlert({ severity: 'warning', message: error.message });
      } else {
        setAlert(errorAlert(error));
      }
      if (token) setBotCheckRound((round) => round + 1);
    }
  });
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const onToken = useCallback((token: string | undefined) => {
    voterToken.current = token;
    // Asked by the server: once solved, the form goes again by itself.
    if (token && resubmitWhenSolved.current) {
      resubmitWhenSolved.current = false;
      void submitRef.current();
    }
  }, []);

  return (
    <Grid container spacing={4} alignItems="stretch">
      {/* The sign-in form comes first (on a phone, and for screen readers: its h1 before the steps' h2); on a wide screen it sits on the right. */}
      <Grid size={{ xs: 12, md: 6 }} order={{ xs: 1, md: 2 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {minor.login_caption}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Sign in with your email and password.
            </Typography>
            <FormAlert alert={alert} />
            <Stack spacing={2}>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                {...form.register('email')}
                error={Boolean(form.formState.errors.email)}
                helperText={form.formState.errors.email?.message}
              />
              <PasswordField
                label="Password"
                autoComplete="current-password"
                {...form.register('password')}
                error={Boolean(form.formState.errors.password)}
                helperText={form.formState.errors.password?.message}
              />
              <BotCheck key={botCheckRound} required={botCheckAsked} onToken={onToken} />
              <Box sx={{ textAlign: 'right' }}>
                <Link component={RouterLink} to="/forgot-password">
                  Forgot password?
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Signing in…' : 'Login'}
              </Button>
              <Divider>or</Divider>
              {/* What each button is for is written under it: a hover tooltip never shows on a phone. */}
              <Stack spacing={0.5}>
                <Button
                  component={RouterLink}
                  to="/activate"
                  variant="outlined"
                  color="secondary"
                  size="large"
                  aria-describedby="activate-hint"
                >
                  Activate Account
                </Button>
                <Typography id="activate-hint" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                  For members who have not accessed the portal before
                </Typography>
              </Stack>
              {minor.registration && (
                <Stack spacing={0.5}>
                  <Button component={RouterLink} to="/categories" variant="outlined" size="large" aria-describedby="register-hint">
                    Register As Member
                  </Button>
                  <Typography id="register-hint" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                    For new members' applications
                  </Typography>
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} order={{ xs: 2, md: 1 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              How to get started
            </Typography>
            <Stack spacing={3} divider={<Divider flexItem />}>
              <Steps title="Registered members using the portal for the first time" steps={memberSteps} />
              <Steps title="New applicants" steps={applicantSteps} />
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
