import { useNavigate } from 'react-router';
import { TwoStepSettings } from '../../shared/account/two-step-settings';
import { useSession } from '../../shared/session/session-store';
import { isStaff, landingPath } from '../auth/landing';

/** `/security`: two-step sign-in; staff without it are kept here, and go on to their work once it is set up. */
export function SecurityPage() {
  const session = useSession();
  const navigate = useNavigate();
  const user = session?.user;
  return (
    <TwoStepSettings
      onEnrolled={() => {
        if (user && isStaff(user)) navigate(landingPath({ ...user, mfa_enabled: true }));
      }}
    />
  );
}
