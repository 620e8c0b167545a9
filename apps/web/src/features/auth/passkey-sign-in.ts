import type { SessionResponse } from '@portal/contract';
import { assertPasskey } from '../../shared/passkeys/ceremony';
import { authApi } from './api';

/**
 * Signs in with a passkey (decision 048): alone (the browser offers the passkeys it has for this portal; no e-mail,
 * no password), or with the ticket of a password sign-in as its second step.
 */
export async function signInWithPasskey(mfaToken?: string): Promise<SessionResponse> {
  const options = await authApi.passkeyOptions(mfaToken);
  const response = await assertPasskey(options);
  return authApi.passkeySignIn(response, mfaToken);
}
