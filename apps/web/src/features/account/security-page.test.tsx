import { type MfaStatus, mfaMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { SecurityPage } from './security-page';

let status: MfaStatus;
let post: MockInstance<typeof api.post>;
let container: HTMLDivElement;

/** An approver (staff) with no second factor yet, as the sign-in left them. */
function signInApprover() {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: 9, is_admin: false, is_approver: true, profile_id: null, mfa_enabled: false }));
}

beforeEach(() => {
  signInApprover();
  status = { totp: null, passkeys: [], recoveryCodesLeft: 0, required: true, verifiedAt: null };
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path === 'auth/mfa' ? status : null));
  post = vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
    if (path === 'auth/mfa/totp/setup')
      return { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
    if (path === 'auth/mfa/totp/enable') {
      status = { ...status, totp: { enabledAt: '2026-11-27T08:00:00.000Z', lastUsedAt: null }, recoveryCodesLeft: 10 };
      return { recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}`) };
    }
    return null;
  });
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  vi.restoreAllMocks();
});

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const input = (label: string) =>
  [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.control as HTMLInputElement | undefined;

async function type(element: HTMLInputElement | undefined, value: string) {
  if (!element) throw new Error('no field');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('/security: two-step sign-in', () => {
  it('staff set it up: the QR code and key, a first code, then the recovery codes once, and on to their work', async () => {
    container = await renderPage(<SecurityPage />, { url: '/security', routes: { '/admin/applications': <p>Review queue</p> } });
    // The alert is MUI's, fetched when first drawn (LazyAlert, decision 054).
    await vi.waitFor(() => expect(container.textContent).toContain(mfaMessages.enrolRequired));
    await click(button('Set up an authenticator app'));
    expect(container.querySelector('img[alt="QR code to scan with the authenticator app"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="totp-secret"]')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await click(button('Turn on two-step sign-in'));
    expect(container.textContent).toContain(mfaMessages.codeRequired);
    await type(input('Code from the app'), '123456');
    await click(button('Turn on two-step sign-in'));
    expect(post).toHaveBeenCalledWith('auth/mfa/totp/enable', { code: '123456' });
    expect(container.querySelectorAll('[aria-label="Recovery codes"] li')).toHaveLength(10);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').mfa_enabled).toBe(true);

    await click(button('I have saved them'));
    expect(currentLocation().pathname).toBe('/admin/applications');
  });

  it('a refused first code is said under the field', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === 'auth/mfa/totp/setup') return { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:,' };
      const { ApiError } = await import('../../shared/api/client');
      throw new ApiError(400, mfaMessages.codeInvalid, { code: [mfaMessages.codeInvalid] });
    });
    container = await renderPage(<SecurityPage />, { url: '/security' });
    await click(button('Set up an authenticator app'));
    await type(input('Code from the app'), '000000');
    await click(button('Turn on two-step sign-in'));
    expect(container.textContent).toContain(mfaMessages.codeInvalid);
  });
});
