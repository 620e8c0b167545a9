import type { AdminUser } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { UsersPage } from './users-page';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 3,
  name: 'Jane Wanjiru Mwangi',
  email: 'jane.mwangi@example.com',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  profile_id: 'PR000001',
  id_number: '24567890',
  phone_no: '254712000001',
  is_admin: false,
  is_approver: false,
  mfa_enabled: false,
  ...over,
});

const users = [
  user({
    id: 1,
    name: 'Portal Administrator',
    email: 'admin@portal.test',
    profile_id: null,
    id_number: null,
    phone_no: null,
    is_admin: true,
  }),
  user({}),
  user({ id: 5, name: 'Demo Approver', email: 'approver@portal.test', profile_id: null, is_approver: true, mfa_enabled: true }),
];

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) =>
    path.startsWith('admin/users') ? { users, total: users.length, page: 1, pageSize: 20 } : null,
  );
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<UsersPage />, { url: '/admin/user-settings' });
}

const labels = (el: Element | null | undefined) => [...(el?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label'));

describe('All Users on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each user as a card with labelled actions in view, log in as only for members', async () => {
    await show();
    expect(container.querySelector('table')).toBeNull();
    const jane = container.querySelector('article[aria-label="User jane.mwangi@example.com"]');
    expect(jane?.textContent).toContain('Jane Wanjiru Mwangi');
    expect(jane?.textContent).toContain('jane.mwangi@example.com · +254 712 000 001');
    expect(jane?.textContent).toContain('Profile PR000001 · ID 24567890');
    expect(jane?.textContent).toContain('Verified');
    expect([...(jane?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['Edit', 'Reset link', 'Log in as', 'Delete']);

    const admin = container.querySelector('article[aria-label="User admin@portal.test"]');
    expect(admin?.textContent).toContain('Id 1 · Admin');
    expect(labels(admin)).toEqual(['Edit admin@portal.test', 'Send reset link to admin@portal.test', 'Delete admin@portal.test']);
    expect(container.textContent).toContain('1–3 of 3');
  });

  it('opens the same dialogs from a card', async () => {
    await show();
    await click(container.querySelector<HTMLButtonElement>('button[aria-label="Delete jane.mwangi@example.com"]'));
    // The confirmation dialog's code comes when it first opens (decision 054).
    await vi.waitFor(() =>
      expect(document.body.querySelector('[role="dialog"]')?.textContent).toContain('Delete jane.mwangi@example.com?'),
    );
  });
});

describe('All Users on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the spec’s columns, with every action in a narrow two-by-two column', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Users"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Id',
      'Name',
      'E-mail',
      'Verified',
      'Profile Id',
      'ID Number',
      'Phone',
      'Admin',
      'Approver',
      'Actions',
    ]);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
    const janeActions = rows[1].lastElementChild?.firstElementChild as HTMLElement;
    expect(labels(janeActions)).toEqual([
      'Edit jane.mwangi@example.com',
      'Send reset link to jane.mwangi@example.com',
      'Log in as jane.mwangi@example.com',
      'Delete jane.mwangi@example.com',
    ]);
    expect(getComputedStyle(janeActions).display).toBe('grid');
    // Delete keeps its corner where there is no log in as.
    expect(rows[0].lastElementChild?.firstElementChild?.children).toHaveLength(4);
    // A long address may wrap before its @ and after its dots instead of widening the table.
    expect(rows[1].children[2].innerHTML).toBe('jane.<wbr>mwangi<wbr>@example.<wbr>com');
  });
});

describe('a lost phone', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('resets the second factor of another staff member, with a reason', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, is_admin: true, is_approver: false, profile_id: null, mfa_enabled: true }));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'The second factor of approver@portal.test was reset' });
    await show();
    const approver = container.querySelector('article[aria-label="User approver@portal.test"]');
    expect(labels(approver)).toContain('Reset second factor of approver@portal.test');
    // Not offered for oneself, nor for someone without one.
    expect(labels(container.querySelector('article[aria-label="User admin@portal.test"]'))).not.toContain(
      'Reset second factor of admin@portal.test',
    );
    await click(container.querySelector<HTMLButtonElement>('button[aria-label="Reset second factor of approver@portal.test"]'));
    const dialog = () => document.body.querySelector('[role="dialog"]') as HTMLElement;
    const confirm = () => [...dialog().querySelectorAll('button')].find((b) => b.textContent === 'Reset');
    await click(confirm());
    expect(dialog().textContent).toContain('Give the reason for the reset');
    expect(post).not.toHaveBeenCalled();
    const field = dialog().querySelector('input') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'Phone lost');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await click(confirm());
    expect(post).toHaveBeenCalledWith('admin/users/5/mfa/reset', { reason: 'Phone lost' });
    localStorage.clear();
  });
});
