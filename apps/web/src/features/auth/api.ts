import type {
  ActivateRequest,
  ActivationRequest,
  MemberSearchResult,
  MfaChallenge,
  MfaVerifyRequest,
  OtpTicket,
  RegisterRequest,
  SessionResponse,
  WebAuthnOptions,
} from '@portal/contract';
import { encodeBase64 } from '@portal/contract';
import { api } from '../../shared/api/client';

export const authApi = {
  /** The session, or (a second factor on) the ticket for the second step. */
  login: (email: string, password: string, voterToken?: string) =>
    api.post<SessionResponse | MfaChallenge>('auth/login', { email, password, voterToken }),
  verifyMfa: (body: MfaVerifyRequest) => api.post<SessionResponse>('auth/mfa/verify', body),
  /** A passkey sign-in: with the ticket of a password sign-in its second step, without it a passkey alone. */
  passkeyOptions: (mfaToken?: string) => api.post<WebAuthnOptions>('auth/passkeys/sign-in/options', { mfaToken }),
  passkeySignIn: (response: unknown, mfaToken?: string) =>
    api.post<SessionResponse>('auth/passkeys/sign-in/verify', { response, mfaToken }),
  register: (body: RegisterRequest) => api.post<OtpTicket>('auth/register', body),
  verify: (activation_code: string) => api.post<SessionResponse>('auth/verify', { activation_code }),
  verifyOtp: (id: number, otp_code: string) => api.post<SessionResponse>('auth/verify-otp', { id, otp_code }),
  sendOtp: (userId: number) => api.get<{ message: string }>(`auth/send-otp?user_id=${userId}`),
  requestReset: (email: string, voterToken?: string) => api.post<{ message: string }>('auth/password-reset', { email, voterToken }),
  resetPassword: (body: { password: string; confirmPassword: string; token: string }) =>
    api.post<{ message: string }>('auth/password', body),
  searchMember: (memberNo: string) =>
    api.get<MemberSearchResult>(`profile/search/member?MemberNo=${encodeURIComponent(encodeBase64(memberNo.trim()))}`),
  requestActivation: (body: ActivationRequest) => api.post<{ message: string; email: string; phone: string }>('auth/activation', body),
  activate: (body: ActivateRequest) => api.post<SessionResponse>('auth/activation/activate', body),
};
