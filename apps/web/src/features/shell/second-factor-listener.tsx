import { MFA_ENROL } from '@portal/contract';
import { lazy, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onSecondFactorNeeded } from '../../shared/api/client';
import { WhenOpened } from '../../shared/ui/when-opened';
import { SECURITY_PATH } from '../auth/landing';

const SecondFactorPrompt = lazy(() => import('./second-factor-prompt').then((m) => ({ default: m.SecondFactorPrompt })));

/**
 * The web app's answer to a second-factor 403 (decisions 047, 048): staff without one go to the set-up page; an
 * action that needs a fresh check opens the step-up dialog, whose code comes when it is first needed (decision 054),
 * and goes on by itself once it is answered.
 */
export function SecondFactorListener() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const answer = useRef<((done: boolean) => void) | null>(null);

  useEffect(
    () =>
      onSecondFactorNeeded((need) => {
        if (need === MFA_ENROL) {
          navigate(SECURITY_PATH);
          return Promise.resolve(false);
        }
        setOpen(true);
        return new Promise<boolean>((resolve) => {
          answer.current = resolve;
        });
      }),
    [navigate],
  );

  return (
    <WhenOpened open={open}>
      <SecondFactorPrompt
        open={open}
        onClose={(done) => {
          setOpen(false);
          answer.current?.(done);
          answer.current = null;
        }}
      />
    </WhenOpened>
  );
}
