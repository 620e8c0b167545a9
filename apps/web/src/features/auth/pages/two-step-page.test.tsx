import { mfaMessages, type SessionResponse } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { savePendingSignIn } from '../../../shared/session/mfa-challenge';
import { click, currentLocation, renderPage, unmountPages } from '../../../test/render';
import { authApi } from '../api';
import { TwoStepPage } from './two-step-page';

const staff = {
  id: 3,
  email: 'approver@portal.test',
  is_admin: false,
  is_approver: true,
  is_main_admin: false,
  profile_id: null,
  mfa_enabled: true,
};

afterEach(() => {
  unmountPages();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function enter(container: HTMLDivElement, code: string) {
  const field = container.querySelector('input') as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, code);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await click([...container.querySelectorAll('button')].find((b) => b.textContent === 'Verify'));
}

describe('/sign-in/code', () => {
  it('takes the code for the ticket the sign-in page kept, and goes to the landing page', async () => {
    savePendingSignIn({ mfaRequired: true, mfaToken: 'ticket-1', methods: ['totp', 'recovery'], email: staff.email });
    const verify = vi
      .spyOn(authApi, 'verifyMfa')
      .mockResolvedValue({ token: 's', expires_at: '2030-01-01T00:00:00Z', user: staff } as SessionResponse);
    const container = await renderPage(<TwoStepPage />, { url: '/sign-in/code', routes: { '/admin/applications': <p>Queue</p> } });
    expect(container.textContent).toContain(staff.email);
    await enter(container, ' 123456 ');
    expect(verify).toHaveBeenCalledWith({ mfaToken: 'ticket-1', code: '123456' });
    expect(localStorage.getItem('token')).toBe('s');
    expect(sessionStorage.getItem('mfa-challenge')).toBeNull();
    expect(currentLocation().pathname).toBe('/admin/applications');
  });

  it('says a wrong code under the field, and an ended ticket means signing in again', async () => {
    savePendingSignIn({ mfaRequired: true, mfaToken: 'ticket-2', methods: ['totp', 'recovery'], email: staff.email });
    vi.spyOn(authApi, 'verifyMfa')
      .mockRejectedValueOnce(new ApiError(400, mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] }))
      .mockRejectedValueOnce(new ApiError(400, mfaMessages.signInExpired, { mfaToken: [mfaMessages.signInExpired] }));
    const container = await renderPage(<TwoStepPage />, { url: '/sign-in/code' });
    await enter(container, '000000');
    expect(container.textContent).toContain(mfaMessages.codeInvalid);
    await enter(container, '111111');
    expect(container.textContent).toContain(mfaMessages.signInExpired);
    expect(container.textContent).toContain('Sign in again');
  });
});
