import type { AdminMember } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { registerApi } from './api';
import { MembersPage } from './members-page';

const member: AdminMember = {
  ProfileID: 'PR000001',
  MemberNo: 'ERB1001',
  FirstName: 'Jane',
  SecondName: 'Wanjiru',
  LastName: 'Mwangi',
  IdentificationDocumentNo: '12345678',
  Email: 'jane.mwangi@example.com',
  PhoneNo: '254712000001',
  Category: 'PE',
  CategoryDescription: 'Professional Engineer',
  Discipline: 'Civil',
  RegistrationDate: '2015-06-01',
  Status: 'Active',
  Type: 'Individual',
  hasAccount: true,
};

let container: HTMLDivElement;

beforeEach(() => {
  vi.spyOn(registerApi, 'members').mockResolvedValue({ members: [member], total: 1, page: 1, pageSize: 20 });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<MembersPage />, { url: '/admin/members' });
}

describe('/admin/members on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each member as a card with the status, contacts and account in view, and no table', async () => {
    await show();
    expect(container.querySelector('table[aria-label="Members"]')).toBeNull();
    const card = container.querySelector('article[aria-label="Member ERB1001"]');
    expect(card?.textContent).toContain('ERB1001 · Professional Engineer');
    expect(card?.textContent).toContain('Active');
    expect(card?.textContent).toContain('Jane Wanjiru Mwangi');
    expect(card?.textContent).toContain('Civil · Registered 1 Jun 2015');
    expect(card?.textContent).toContain('jane.mwangi@example.com · +254 712 000 001 · ID 12345678');
    expect(card?.textContent).toContain('Account: Activated');
    expect(container.textContent).toContain('1–1 of 1');
  });
});

describe('/admin/members on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the register’s columns in a table', async () => {
    await show();
    expect(container.querySelector('article')).toBeNull();
    const table = container.querySelector('table[aria-label="Members"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'Member No',
      'Name',
      'Category',
      'Discipline',
      'Status',
      'Registered',
      'E-mail',
      'Phone',
      'ID Number',
      'Account',
    ]);
    expect(table?.querySelector('tbody tr')?.textContent).toContain('Jane Wanjiru Mwangi');
  });
});
