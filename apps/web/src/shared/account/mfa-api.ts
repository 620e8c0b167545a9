import type { MfaStatus, RecoveryCodes, TotpRemoveRequest, TotpSetup } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

const MFA_KEY = 'mfa';

export const mfaApi = {
  status: () => api.get<MfaStatus>('auth/mfa'),
  setup: () => api.post<TotpSetup>('auth/mfa/totp/setup'),
  enable: (code: string) => api.post<RecoveryCodes>('auth/mfa/totp/enable', { code }),
  remove: (body: TotpRemoveRequest) => api.post<{ message: string }>('auth/mfa/totp/remove', body),
};

/** `GET auth/mfa`: the caller's second factors. */
export function useMfaStatus() {
  return useQuery({ queryKey: [MFA_KEY], queryFn: mfaApi.status });
}

export function useRefreshMfa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [MFA_KEY] });
}
