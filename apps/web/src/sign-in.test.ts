import { FIELD_ERROR_SUFFIX, messages, passkeyMessages, type SessionResponse, SIGN_IN_IDS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from './features/auth/api';
import { ApiError } from './shared/api/client';
import { setFlash } from './shared/ui/flash-storage';
import { startSignIn } from './sign-in';

// The widget's own code (a web component solving in a worker) is not what is tested here.
vi.mock('altcha', () => ({}));
// Nor the browser's passkey dialog (Playwright drives a real one, with Chromium's virtual authenticator).
const assertPasskey = vi.hoisted(() => vi.fn());
vi.mock('./shared/passkeys/ceremony', async (original) => ({
  ...(await original<typeof import('./shared/passkeys/ceremony')>()),
  assertPasskey,
}));

const session: SessionResponse = {
  token: 'session-token',
  expires_at: '2030-01-01T00:00:00.000Z',
  user: {
    id: 7,
    name: 'Jane Mwangi',
    email: 'jane@example.com',
    phone_no: null,
    id_number: null,
    category: 'GRADUATE',
    type: 'Individual',
    is_admin: false,
    is_approver: false,
    is_main_admin: false,
    email_verified_at: '2026-01-01T00:00:00.000Z',
    profile_id: 'PR000001',
    email_reminders: 1,
    email_updates: 1,
    sms_reminders: 1,
    sms_updates: 1,
  },
};
const botCheckAsked = () => new ApiError(403, messages.loginBotCheckRequired, { voterToken: [messages.loginBotCheckRequired] });

/** The parts of the server-rendered page the script drives (apps/api/src/modules/auth/pages/sign-in-view.tsx). */
function renderSignInPage() {
  const ids = SIGN_IN_IDS;
  document.body.innerHTML = `
    <form id="${ids.form}" novalidate>
      <p id="${ids.alert}" class="alert" role="alert" hidden></p>
      <input id="${ids.email}" type="email" /><p id="${ids.email}${FIELD_ERROR_SUFFIX}" hidden></p>
      <input id="${ids.password}" type="password" /><p id="${ids.password}${FIELD_ERROR_SUFFIX}" hidden></p>
      <button type="button" id="${ids.showPassword}" aria-label="Show password"></button>
      <div id="${ids.botCheck}" hidden></div>
      <button type="submit" id="${ids.submit}">Login</button>
      <div id="${ids.passkeyRow}" hidden><button type="button" id="${ids.passkey}">Sign in with a passkey</button></div>
    </form>`;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const widget = () => document.querySelector('altcha-widget');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let went: string[];

async function signIn() {
  byId<HTMLInputElement>(SIGN_IN_IDS.email).value = 'jane@example.com';
  byId<HTMLInputElement>(SIGN_IN_IDS.password).value = 'Member@2026';
  byId<HTMLButtonElement>(SIGN_IN_IDS.submit).click();
  await settle();
}

function solve(payload: string) {
  const element = widget();
  if (!element) throw new Error('no bot check shown');
  element.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

beforeEach(() => {
  went = [];
  renderSignInPage();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const start = () => startSignIn(document, (path) => went.push(path));

describe('the sign-in page script', () => {
  it('signs in, keeps the session as the web app reads it, and goes to the landing page', async () => {
    const login = vi.spyOn(authApi, 'login').mockResolvedValue(session);
    start();
    expect(widget()).toBeNull();
    await signIn();
    expect(login).toHaveBeenCalledWith('jane@example.com', 'Member@2026', undefined);
    expect(localStorage.getItem('token')).toBe('session-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('jane@example.com');
    expect(went).toEqual(['/dashboard']);
  });

  it('with a second factor on, keeps the ticket for the code page (not in the address) and goes there', async () => {
    vi.spyOn(authApi, 'login').mockResolvedValue({ mfaRequired: true, mfaToken: 'ticket-1', methods: ['totp', 'recovery'] });
    start();
    await signIn();
    expect(localStorage.getItem('token')).toBeNull();
    expect(went).toEqual(['/sign-in/code']);
    expect(JSON.parse(sessionStorage.getItem('mfa-challenge') ?? '{}')).toEqual({
      mfaRequired: true,
      mfaToken: 'ticket-1',
      methods: ['totp', 'recovery'],
      email: 'jane@example.com',
    });
  });

  it('sends someone already signed in to their landing page at once', () => {
    localStorage.setItem('token', 'kept');
    localStorage.setItem('user', JSON.stringify({ ...session.user, is_admin: true, is_main_admin: true }));
    start();
    expect(went).toEqual(['/admin/settings']);
  });

  it("shows the server's field messages under the fields, and its message otherwise", async () => {
    vi.spyOn(authApi, 'login')
      .mockRejectedValueOnce(new ApiError(400, 'Email is required', { email: ['Email is required'], password: ['Password is required'] }))
      .mockRejectedValueOnce(new ApiError(401, messages.invalidCredentials));
    start();
    await signIn();
    expect(byId(`${SIGN_IN_IDS.email}${FIELD_ERROR_SUFFIX}`).textContent).toBe('Email is required');
    expect(byId(`${SIGN_IN_IDS.password}${FIELD_ERROR_SUFFIX}`).hidden).toBe(false);
    expect(byId(SIGN_IN_IDS.email).getAttribute('aria-invalid')).toBe('true');
    await signIn();
    expect(byId(`${SIGN_IN_IDS.email}${FIELD_ERROR_SUFFIX}`).hidden).toBe(true);
    expect(byId(SIGN_IN_IDS.alert).textContent).toBe(messages.invalidCredentials);
    expect(byId<HTMLButtonElement>(SIGN_IN_IDS.submit).disabled).toBe(false);
    expect(went).toEqual([]);
  });

  it('hands an unverified account to the code page with the server message', async () => {
    const ticket = { id: 3, phone: '0712345678', email: 'jane@example.com' };
    vi.spyOn(authApi, 'login').mockRejectedValue(new ApiError(403, 'Verify your phone first', undefined, { otp: ticket }));
    start();
    await signIn();
    expect(went).toHaveLength(1);
    expect(went[0]).toMatch(/^\/otp\/.+/);
    expect(JSON.parse(sessionStorage.getItem('flash') ?? '{}')).toEqual({ message: 'Verify your phone first', severity: 'info' });
  });

  it('shows the message left by the page before (a flash), once', () => {
    setFlash('Your password has been changed. Sign in with the new one.');
    start();
    expect(byId(SIGN_IN_IDS.alert).textContent).toBe('Your password has been changed. Sign in with the new one.');
    expect(byId(SIGN_IN_IDS.alert).hidden).toBe(false);
    expect(sessionStorage.getItem('flash')).toBeNull();
  });

  it('shows and hides the password', () => {
    start();
    byId(SIGN_IN_IDS.showPassword).click();
    expect(byId<HTMLInputElement>(SIGN_IN_IDS.password).type).toBe('text');
    expect(byId(SIGN_IN_IDS.showPassword).getAttribute('aria-label')).toBe('Hide password');
    byId(SIGN_IN_IDS.showPassword).click();
    expect(byId<HTMLInputElement>(SIGN_IN_IDS.password).type).toBe('password');
  });
});

describe('signing in with a passkey alone', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
  });

  it('offers it only where the browser can use passkeys', () => {
    start();
    expect(byId(SIGN_IN_IDS.passkeyRow).hidden).toBe(true);
  });

  it('asks the browser for a passkey, signs in without e-mail or password, and says so when it was cancelled', async () => {
    Object.assign(window, { PublicKeyCredential: class {} });
    const options = vi.spyOn(authApi, 'passkeyOptions').mockResolvedValue({ challenge: 'c-1' });
    const verify = vi.spyOn(authApi, 'passkeySignIn').mockResolvedValue(session);
    assertPasskey.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    assertPasskey.mockResolvedValueOnce({ id: 'cred-1' });
    start();
    expect(byId(SIGN_IN_IDS.passkeyRow).hidden).toBe(false);

    byId<HTMLButtonElement>(SIGN_IN_IDS.passkey).click();
    await settle();
    expect(byId(SIGN_IN_IDS.alert).textContent).toBe(passkeyMessages.cancelled);
    expect(byId<HTMLButtonElement>(SIGN_IN_IDS.passkey).disabled).toBe(false);

    byId<HTMLButtonElement>(SIGN_IN_IDS.passkey).click();
    await settle();
    expect(options).toHaveBeenLastCalledWith(undefined);
    expect(assertPasskey).toHaveBeenLastCalledWith({ challenge: 'c-1' });
    expect(verify).toHaveBeenCalledWith({ id: 'cred-1' }, undefined);
    expect(localStorage.getItem('token')).toBe('session-token');
    expect(went).toEqual(['/dashboard']);
  });
});

describe('the bot check of an account past its failed sign-ins', () => {
  it('when asked, shows the message and the widget, and signs in again by itself with the solution', async () => {
    const login = vi.spyOn(authApi, 'login').mockRejectedValueOnce(botCheckAsked()).mockResolvedValueOnce(session);
    start();
    await signIn();
    expect(login).toHaveBeenCalledTimes(1);
    expect(byId(SIGN_IN_IDS.alert).textContent).toBe(messages.loginBotCheckRequired);
    expect(widget()?.getAttribute('challengeurl')).toBe('/api/altcha/challenge');

    solve('solved-payload');
    await settle();
    expect(login).toHaveBeenCalledTimes(2);
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'solved-payload');
    expect(went).toEqual(['/dashboard']);
  });

  it('after a wrong password sent with a solution, solves a new challenge and sends the new solution on the next try', async () => {
    const login = vi
      .spyOn(authApi, 'login')
      .mockRejectedValueOnce(botCheckAsked())
      .mockRejectedValueOnce(new ApiError(401, messages.invalidCredentials))
      .mockResolvedValueOnce(session);
    start();
    await signIn();
    const first = widget();
    solve('first-solution');
    await settle();
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'first-solution');
    expect(byId(SIGN_IN_IDS.alert).textContent).toBe(messages.invalidCredentials);
    // A spent solution is not sent again: a fresh widget solves a new challenge, and the member signs in again.
    expect(widget()).not.toBe(first);
    expect(login).toHaveBeenCalledTimes(2);
    solve('second-solution');
    await signIn();
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'second-solution');
    expect(went).toEqual(['/dashboard']);
  });
});
