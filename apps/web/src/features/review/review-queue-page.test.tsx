import type { ReviewQueuePage as QueuePage, ReviewQueueItem } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { currentLocation, renderPage, unmountPages } from '../../test/render';
import { fieldLabelled, pickOption } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { ReviewQueuePage } from './review-queue-page';

const item = (over: Partial<ReviewQueueItem>): ReviewQueueItem => ({
  Code: 'APP000001',
  kind: 'Registration',
  FromCategory: null,
  LicenseYear: null,
  ProfileID: 'PR000001',
  ApplicantName: 'Jane Mwangi',
  Email: 'jane@example.com',
  AppliedCategory: 'GRADUATE',
  CategoryDescription: 'Graduate Engineer',
  status: 'Open',
  Submitted: true,
  submittedAt: '2026-11-20T08:00:00.000Z',
  returnedAt: null,
  ApplicationDateTime: '2026-11-19T08:00:00.000Z',
  assignedMemberNo: null,
  ...over,
});

const page: QueuePage = {
  items: [
    item({}),
    item({
      Code: 'APP000002',
      kind: 'Upgrade',
      FromCategory: 'GRADUATE',
      AppliedCategory: 'PE',
      CategoryDescription: 'Professional Engineer',
    }),
    item({ Code: 'APP000003', kind: 'Licence', LicenseYear: 2027, AppliedCategory: 'PE', CategoryDescription: 'Professional Engineer' }),
  ],
  total: 3,
  page: 1,
  pageSize: 20,
  counts: { action: 3 },
};

let container: HTMLDivElement;
let paths: string[];

beforeEach(() => {
  paths = [];
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    paths.push(path);
    if (path.startsWith('admin/applications?')) return page;
    if (path === 'setup/membership-categories') return [{ Code: 'PE', Description: 'Professional Engineer' }];
    return null;
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show(url: string) {
  container = await renderPage(<ReviewQueuePage />, { url });
}

const queueCalls = () => paths.filter((p) => p.startsWith('admin/applications?'));
const search = () => currentLocation().search;
const rowOf = (code: string) => [...container.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes(code));

async function chooseKind(label: string) {
  const select = fieldLabelled(container, 'Kind')?.querySelector('select');
  await pickOption(select, label);
}

describe('the review queue’s kind filter', () => {
  it('shows every row’s kind, an upgrade’s categories and a licence’s year', async () => {
    await show('/admin/applications');
    expect(queueCalls()[0]).not.toContain('kind=');
    expect(rowOf('APP000001')?.textContent).toContain('Registration');
    expect(rowOf('APP000002')?.textContent).toContain('Upgrade');
    expect(rowOf('APP000002')?.textContent).toContain('GRADUATE → PE');
    expect(rowOf('APP000003')?.textContent).toContain('Licence');
    expect(rowOf('APP000003')?.textContent).toContain('2027');
  });

  it('reads the kind from the address and asks the server for it', async () => {
    await show('/admin/applications?kind=Upgrade&status=all');
    expect(queueCalls().at(-1)).toContain('kind=Upgrade');
    expect(queueCalls().at(-1)).toContain('status=all');
  });

  it('keeps a chosen kind in the address, back on the first page, and All removes it', async () => {
    await show('/admin/applications?category=PE&page=2');
    await chooseKind('Licence');
    expect(search()).toContain('kind=Licence');
    expect(search()).toContain('category=PE');
    expect(search()).not.toContain('page=');
    expect(queueCalls().at(-1)).toContain('kind=Licence');

    await chooseKind('All');
    expect(search()).not.toContain('kind=');
    expect(queueCalls().at(-1)).not.toContain('kind=');
  });
});

describe('the review queue on a phone (390 px)', () => {
  beforeEach(() => atWidth(PHONE_WIDTH));

  it('shows each application as a card with its kind, status, applicant and Open, and no table', async () => {
    await show('/admin/applications');
    expect(container.querySelector('table')).toBeNull();
    const card = container.querySelector('article[aria-label="Application APP000002"]');
    expect(card?.textContent).toContain('Upgrade');
    expect(card?.textContent).toContain('APP000002 · Jane Mwangi');
    expect(card?.textContent).toContain('jane@example.com');
    expect(card?.textContent).toContain('Professional Engineer');
    const open = card?.querySelector('a');
    expect(open?.textContent).toBe('Open');
    expect(open?.getAttribute('href')).toBe('/admin/applications/APP000002');
    expect(container.querySelectorAll('article')).toHaveLength(3);
    expect(container.textContent).toContain('1–3 of 3');
  });
});

describe('the review queue on a wide screen', () => {
  beforeEach(() => atWidth(1280));

  it('keeps the columns in a table, Open in the last one', async () => {
    await show('/admin/applications');
    expect(container.querySelector('article')).toBeNull();
    const headers = [...container.querySelectorAll('table[aria-label="Applications"] th')].map((th) => th.textContent);
    expect(headers).toEqual(['Application No', 'Kind', 'Applicant', 'Category', 'Submitted', 'Status', 'Actions']);
    expect(rowOf('APP000001')?.querySelector('td:last-child a')?.textContent).toBe('Open');
  });
});
