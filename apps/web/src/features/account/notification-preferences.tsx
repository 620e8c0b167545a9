import { Card, CardContent, CardHeader, FormControlLabel, Stack, Switch } from '@mui/material';
import { messages, type User } from '@portal/contract';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { updateSessionUser, useSession } from '../../shared/session/session-store';
import { useToast } from '../../shared/ui/toast';

const SWITCHES = [
  { key: 'email_reminders', label: 'Email reminders (unpaid fees, expiring documents)' },
  { key: 'email_updates', label: 'Email updates (application progress, news)' },
  { key: 'sms_reminders', label: 'SMS reminders' },
  { key: 'sms_updates', label: 'SMS updates' },
] as const;

type Prefs = Pick<User, (typeof SWITCHES)[number]['key']>;

export function NotificationPreferences() {
  const session = useSession();
  const toast = useToast();
  const user = session?.user;
  const [prefs, setPrefs] = useState<Prefs | null>(
    user
      ? {
          email_reminders: user.email_reminders,
          email_updates: user.email_updates,
          sms_reminders: user.sms_reminders,
          sms_updates: user.sms_updates,
        }
      : null,
  );
  const [busy, setBusy] = useState(false);
  if (!prefs) return null;

  async function toggle(key: keyof Prefs, on: boolean) {
    if (!prefs) return;
    const next = { ...prefs, [key]: on ? 1 : 0 };
    setPrefs(next);
    setBusy(true);
    try {
      const saved = await api.post<User>('auth/notification', next);
      updateSessionUser(saved);
      // The spec's success message for this call (part 1 §8).
      toast(messages.settingSaved);
    } catch (error) {
      setPrefs(prefs);
      toast((error as Error).message, 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardHeader title="Notifications" subheader="How the portal may contact you" />
      <CardContent>
        <Stack>
          {SWITCHES.map((s) => (
            <FormControlLabel
              key={s.key}
              control={<Switch checked={prefs[s.key] === 1} disabled={busy} onChange={(e) => toggle(s.key, e.target.checked)} />}
              label={s.label}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
