import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api/client';
import { clearSession } from '../../shared/session/session-store';

/** Ends the session on the server, clears it locally and reloads at the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post('auth/logout');
    } catch {
      // The session may already be gone on the server; clearing locally is what matters.
    }
    clearSession();
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);
}
