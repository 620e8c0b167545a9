import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/client';
import { setFlash } from '../../../shared/ui/flash';
import { click, renderPage, unmountPages } from '../../../test/render';
import { signInMember } from '../../../test/session';
import { settle } from '../../../test/settle';
import { atWidth } from '../../../test/viewport';
import { ProfilePage } from './profile-page';

beforeEach(() => {
  atWidth(1280);
  signInMember();
  localStorage.setItem('user', JSON.stringify({ id: 7, email: 'jane@example.com', type: 'Individual', profile_id: 'PR000001' }));
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'auth/mfa') return { totp: null, passkeys: [], recoveryCodesLeft: 0, required: false, verifiedAt: null };
    return path.startsWith('profile/') || path.startsWith('setup/') ? [] : null;
  });
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/profile (part 1 §2: the alert clears when the tab changes; issue 16)', () => {
  it('shows the message left by the first save, and drops it on another tab', async () => {
    setFlash('Profile created. Complete the remaining sections of your profile.');
    const view = await renderPage(<ProfilePage />, { url: '/profile' });
    expect(view.querySelector('[role="alert"]')?.textContent).toContain('Profile created');
    await click([...view.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === 'Contacts'));
    expect(view.textContent).not.toContain('Profile created');
    expect([...view.querySelectorAll('[role="tab"]')].find((t) => t.getAttribute('aria-selected') === 'true')?.textContent).toBe(
      'Contacts',
    );
    // The profile's editors are loaded when shown (decision 054): their first import is slow on a busy machine.
  }, 30_000);
});

describe('/profile?tab=security (issue 25)', () => {
  it('lets a member add a passkey or turn on two-step sign-in from the profile', async () => {
    Object.assign(window, { PublicKeyCredential: class {} });
    const view = await renderPage(<ProfilePage />, { url: '/profile' });
    await click([...view.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === 'Security'));
    // The tab's code is loaded when it is first shown (decision 054).
    await vi.waitFor(() => expect(view.textContent).toContain('Two-step sign-in'), { timeout: 30_000 });
    await settle();
    const buttons = [...view.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toContain('Set up an authenticator app');
    expect(buttons).toContain('Add a passkey');
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    // The tabs' code is fetched as they are shown: the first import of the forms takes a while on a busy machine.
  }, 45_000);
});
