import { messages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { typeInto } from '../../test/type';
import { AccountSettingsPage } from './account-settings-page';

const user = { id: 7, email: 'jane@example.com', email_reminders: 1, email_updates: 1, sms_reminders: 1, sms_updates: 1 };

beforeEach(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify(user));
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('account settings: change password (drawn without React Hook Form, decision 054)', () => {
  it("says the contract's messages under the fields, checks a field again as it changes, then saves and clears", async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Password Changed Successful' });
    const view = await renderPage(<AccountSettingsPage />, { url: '/dashboard/Settings' });
    const field = (label: string) =>
      [...view.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label)?.control as HTMLInputElement;
    const save = () => [...view.querySelectorAll('button')].find((b) => b.textContent === 'Change password');

    await click(save());
    await vi.waitFor(() => expect(view.textContent).toContain(messages.passwordRequired));
    expect(document.activeElement).toBe(field('New password'));
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');

    await typeInto(field('New password'), 'Ch4nged!Pass');
    await typeInto(field('Confirm password'), 'Different!1');
    await vi.waitFor(() => expect(view.textContent).toContain(messages.passwordMismatch));
    expect(field('New password').getAttribute('aria-invalid')).toBeNull();
    expect(post).not.toHaveBeenCalled();

    await typeInto(field('Confirm password'), 'Ch4nged!Pass');
    await vi.waitFor(() => expect(view.textContent).not.toContain(messages.passwordMismatch));
    await click(save());
    await vi.waitFor(() => expect(view.textContent).toContain('Password Changed Successful'));
    expect(post).toHaveBeenCalledWith('auth/set-password', { password: 'Ch4nged!Pass', confirmPassword: 'Ch4nged!Pass' });
    expect(field('New password').value).toBe('');
    expect(field('Confirm password').value).toBe('');
  });
});
