import { type ChecklistItem, refereeMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { atWidth } from '../../test/viewport';
import { ChecklistPage } from './checklist-page';

const referee: ChecklistItem = {
  checkListType: 'Application',
  code: 'REFEREE',
  description: 'Referees',
  pass: false,
  note: 'Waiting for referees: 1 accepted, 1 pending',
  referees: { accepted: 1, pending: 1, rejected: 0 },
};
const profile: ChecklistItem = { checkListType: 'Application', code: 'PROFILE', description: 'Profile', pass: true };
const entries = [
  { EntryNo: 1, Name: 'Amina Odhiambo', response: 'Accept' },
  { EntryNo: 2, Name: 'Peter Mutua', response: '' },
];

let post: MockInstance<typeof api.post>;

beforeEach(() => {
  atWidth(1280);
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path.startsWith('checklist')) return [profile, referee];
    if (path === 'profile/referee') return entries;
    return null;
  });
  post = vi.spyOn(api, 'post').mockResolvedValue({ message: refereeMessages.emailSent });
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/checklist/type/Application: a referee item that waits (issue 16)', () => {
  it('says why it fails and resends to the referee who has not answered', async () => {
    const view = await renderPage(<ChecklistPage />, { url: '/checklist/type/Application', path: '/checklist/type/:type' });
    const row = [...view.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes('Referees'));
    expect(row?.textContent).toContain('Waiting for referees: 1 accepted, 1 pending');
    const resend = [...(row?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Resend');
    expect(resend).toBeDefined();
    // A passing item has neither.
    const passed = [...view.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes('Profile'));
    expect(passed?.textContent).not.toContain('Resend');

    await click(resend);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('profile/referee/send_email', { EntryNo: 2 });
    expect(document.body.textContent).toContain(refereeMessages.emailSent);
  });
});
