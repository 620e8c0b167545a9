import type { MfaStatus, PasskeyAdded, RecoveryCodes, TotpRemoveRequest, TotpSetup, WebAuthnOptions } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

const MFA_KEY = 'mfa';

export const mfaApi = {
  status: () => api.get<MfaStatus>('auth/mfa'),
  setup: () => api.post<TotpSetup>('auth/mfa/totp/setup'),
  enable: (code: string) => api.post<RecoveryCodes>('auth/mfa/totp/enable', { code }),
  remove: (body: TotpRemoveRequest) => api.post<{ message: string }>('auth/mfa/totp/remove', body),
  stepUp: (code: string) => api.post<MfaStatus>('auth/mfa/step-up', { code }),
};

/** Passkeys (decision 048): options/verify pairs, as the API names them. */
export const passkeyApi = {
  registerOptions: (password: string) => api.post<WebAuthnOptions>('auth/passkeys/register/options', { password }),
  register: (response: unknown, name?: string) => api.post<PasskeyAdded>('auth/passkeys/register/verify', { response, name }),
  remove: (id: number, password: string) => api.post<{ message: string; mfaEnabled: boolean }>(`auth/passkeys/${id}/remove`, { password }),
  stepUpOptions: () => api.post<WebAuthnOptions>('auth/passkeys/step-up/options'),
  stepUp: (response: unknown) => api.post<MfaStatus>('auth/passkeys/step-up/verify', { response }),
};

/** `GET auth/mfa`: the caller's second factors. */
export function useMfaStatus(enabled = true) {
  return useQuery({ queryKey: [MFA_KEY], queryFn: mfaApi.status, enabled });
}

export function useRefreshMfa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [MFA_KEY] });
}
