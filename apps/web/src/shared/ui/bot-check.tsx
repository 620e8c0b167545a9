import { Box } from '@mui/material';
import type {} from 'altcha';
import { useEffect, useRef } from 'react';
import { useSettings } from '../settings/use-settings';

/**
 * The self-hosted proof-of-work check (ALTCHA). Renders nothing when the server does not ask
 * for it; otherwise reports the solved payload, sent as voterToken. Whether it is asked for comes from
 * the settings (`bot_check`), unless `required` says so: sign-in shows it only once the server asks
 * for it, whatever the settings (decision 029).
 */
export function BotCheck({ onToken, required }: { onToken: (token: string | undefined) => void; required?: boolean }) {
  const settings = useSettings();
  const botCheck = required ?? settings.botCheck;
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!botCheck) return;
    void import('altcha');
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onToken(detail.state === 'verified' ? detail.payload : undefined);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [botCheck, onToken]);

  if (!botCheck) return null;
  return (
    <Box sx={{ my: 2 }}>
      <altcha-widget ref={ref} challengeurl="/api/altcha/challenge" hidefooter hidelogo auto="onload" />
    </Box>
  );
}
