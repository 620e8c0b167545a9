import type { CampaignSummary } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api';
import { renderPage, unmountPages } from '../../test/render';
import { pickOption } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { CampaignsPage } from './campaigns-page';

const sent: CampaignSummary = {
  no: 'CMP0002',
  name: 'Arrears reminder',
  channel: 'email',
  status: 'completed',
  recipients: 120,
  queued: 0,
  sent: 110,
  failed: 3,
  bounced: 2,
  skipped: 5,
  sendAt: null,
  createdAt: '2026-11-20T07:00:00.000Z',
  startedAt: '2026-11-20T08:00:00.000Z',
  finishedAt: '2026-11-20T08:30:00.000Z',
};
const draft: CampaignSummary = {
  ...sent,
  no: 'CMP0003',
  name: 'AGM notice',
  channel: 'sms',
  status: 'draft',
  recipients: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  startedAt: null,
  finishedAt: null,
};

let calls: Call[];
beforeEach(() => {
  calls = fakeApi(({ path }) =>
    path.startsWith('admin/campaigns?') ? { body: { data: { items: [sent, draft], total: 2, page: 1, pageSize: 20 } } } : undefined,
  );
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

describe('the campaigns list (issue 29)', { timeout: 30_000 }, () => {
  it('shows each campaign with its channel, status, outcomes and dates, and opens it', async () => {
    atWidth(1280);
    const container = await renderPage(<CampaignsPage />, { url: '/admin/campaigns' });
    const rows = container.querySelectorAll('table[aria-label="Campaigns"] tbody tr');
    expect(rows).toHaveLength(2);
    expect([...rows[0].querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Arrears reminder',
      'E-mail',
      'Completed',
      '120',
      '110 / 5 / 5',
      '20 Nov 2026, 10:00',
      '20 Nov 2026, 11:30',
    ]);
    expect(rows[0].querySelector('a')?.getAttribute('href')).toBe('/admin/campaigns/CMP0002');
    expect(rows[1].textContent).toContain('Draft');
    expect(container.querySelector('a[href="/admin/campaigns/new"]')?.textContent).toBe('New campaign');
    expect(calls.at(-1)?.path).toBe('admin/campaigns?page=1&pageSize=20');
  });

  it('asks for the status chosen', async () => {
    atWidth(1280);
    const container = await renderPage(<CampaignsPage />, { url: '/admin/campaigns' });
    await pickOption(container.querySelector('select'), 'Draft');
    expect(calls.at(-1)?.path).toBe('admin/campaigns?status=draft&page=1&pageSize=20');
  });

  it('shows a card a campaign on a phone', async () => {
    atWidth(PHONE_WIDTH);
    const container = await renderPage(<CampaignsPage />, { url: '/admin/campaigns' });
    expect(container.querySelector('table')).toBeNull();
    const cards = container.querySelectorAll('article');
    expect(cards).toHaveLength(2);
    expect(cards[0].getAttribute('aria-label')).toBe('Campaign Arrears reminder');
    expect(cards[0].textContent).toContain('Recipients 120 · Sent 110 · Failed 5 · Skipped 5');
  });
});
