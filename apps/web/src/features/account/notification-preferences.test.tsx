import { messages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { NotificationPreferences } from './notification-preferences';

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

describe('notification preferences (part 1 §8)', () => {
  it("says the spec's 'Setting Saved Successfully' once a switch is saved", async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...user, sms_updates: 0 });
    const view = await renderPage(<NotificationPreferences />);
    const sms = [...view.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')][3];
    await click(sms);
    expect(post).toHaveBeenCalledWith('auth/notification', { email_reminders: 1, email_updates: 1, sms_reminders: 1, sms_updates: 0 });
    expect(document.body.textContent).toContain(messages.settingSaved);
  });
});
