import { messages, type SessionResponse } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../shared/api/client';
import { renderPage, unmountPages } from '../../../test/render';
import { settle } from '../../../test/settle';
import { authApi } from '../api';
import { LoginPage } from './login-page';

// The widget's own code (a web component solving in a worker) is not what is tested here.
vi.mock('altcha', () => ({}));

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

let container: HTMLDivElement;
beforeEach(() => {
  // The public settings: the bot check is off for the site, as in development.
  vi.spyOn(api, 'get').mockResolvedValue({ bot_check: false });
});
afterEach(() => {
  unmountPages();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<LoginPage />, { url: '/', routes: { '/dashboard': <p>Dashboard page</p> } });
}

function fill(label: string, value: string) {
  const input = container.querySelector<HTMLInputElement>(
    label === 'Email' ? 'input[type="email"]' : 'input[autocomplete="current-password"]',
  );
  if (!input) throw new Error(`no ${label} field`);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  act(() => input.dispatchEvent(new Event('input', { bubbles: true })));
}

async function signIn() {
  fill('Email', 'jane@example.com');
  fill('Password', 'Member@2026');
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Login') as HTMLButtonElement;
  act(() => button.click());
  await settle();
}

const widget = () => container.querySelector('altcha-widget');

function solve(payload: string) {
  const element = widget();
  if (!element) throw new Error('no bot check shown');
  act(() => element.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } })));
}

describe('LoginPage and the bot check of an account past its failed sign-ins', () => {
  it('shows no bot check until the server asks for one', async () => {
    const login = vi.spyOn(authApi, 'login').mockResolvedValue(session);
    await show();
    expect(widget()).toBeNull();
    await signIn();
    expect(login).toHaveBeenCalledWith('jane@example.com', 'Member@2026', undefined);
    expect(container.textContent).toContain('Dashboard page');
  });

  it('when asked, shows the message and the widget, and signs in again by itself with the solution', async () => {
    const login = vi.spyOn(authApi, 'login').mockRejectedValueOnce(botCheckAsked()).mockResolvedValueOnce(session);
    await show();
    await signIn();
    expect(login).toHaveBeenCalledTimes(1);
    expect(container.textContent).toContain(messages.loginBotCheckRequired);
    expect(widget()?.getAttribute('challengeurl')).toBe('/api/altcha/challenge');

    solve('solved-payload');
    await settle();
    expect(login).toHaveBeenCalledTimes(2);
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'solved-payload');
    expect(container.textContent).toContain('Dashboard page');
  });

  it('after a wrong password sent with a solution, solves a new challenge and sends the new solution on the next try', async () => {
    const login = vi
      .spyOn(authApi, 'login')
      .mockRejectedValueOnce(botCheckAsked())
      .mockRejectedValueOnce(new ApiError(401, messages.invalidCredentials))
      .mockResolvedValueOnce(session);
    await show();
    await signIn();
    const first = widget();
    solve('first-solution');
    await settle();
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'first-solution');
    expect(container.textContent).toContain(messages.invalidCredentials);
    // A spent solution is not sent again: a fresh widget solves a new challenge, and the member signs in again.
    expect(widget()).not.toBe(first);
    expect(login).toHaveBeenCalledTimes(2);
    solve('second-solution');
    await signIn();
    expect(login).toHaveBeenLastCalledWith('jane@example.com', 'Member@2026', 'second-solution');
    expect(container.textContent).toContain('Dashboard page');
  });
});
