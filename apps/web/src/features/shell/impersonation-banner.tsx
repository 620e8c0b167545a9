import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { LiteButton } from '../../shared/lite/button';
import { LiteAlert } from '../../shared/lite/surfaces';
import { readImpersonation, restoreAdminSession } from '../../shared/session/session-store';
import { useToast } from '../../shared/ui/toast';
import { adminHome } from '../auth/landing';

/** Shown on every page of a "log in as" session, with the way back. */
export function ImpersonationBanner() {
  const impersonation = readImpersonation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!impersonation) return null;

  async function returnToAdmin() {
    if (!impersonation) return;
    setBusy(true);
    try {
      await api.post('admin/loginas/end');
    } catch (error) {
      // The member session may have expired already; the admin session is restored either way.
      toast((error as Error).message, 'warning');
    }
    restoreAdminSession();
    queryClient.clear();
    window.location.assign(adminHome(impersonation.admin.user));
  }

  return (
    <div className="lt-banner">
      <LiteAlert
        severity="warning"
        filled
        role="status"
        action={
          <LiteButton color="inherit" variant="outlined" size="small" onClick={returnToAdmin} disabled={busy}>
            Return to admin
          </LiteButton>
        }
      >
        Signed in as {impersonation.memberEmail} — return to admin ({impersonation.admin.user.email}) when you are done.
      </LiteAlert>
    </div>
  );
}
