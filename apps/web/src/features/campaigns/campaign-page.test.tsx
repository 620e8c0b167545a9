import type { Campaign, CampaignRecipient } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api';
import { renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { pickOption } from '../../test/type';
import { atWidth } from '../../test/viewport';
import { CAMPAIGN_REFRESH_MS } from './api';
import { CampaignPage } from './campaign-page';

const sending: Campaign = {
  no: 'CMP0002',
  name: 'Arrears reminder',
  channel: 'email',
  status: 'sending',
  recipients: 40,
  queued: 20,
  sent: 12,
  failed: 2,
  bounced: 1,
  skipped: 5,
  sendAt: null,
  createdAt: '2026-11-20T07:00:00.000Z',
  startedAt: '2026-11-20T08:00:00.000Z',
  finishedAt: null,
  subject: 'Your subscription, {{firstName}}',
  body: 'Dear {{firstName}}, you owe {{balance}}.',
  segment: { categories: ['PROFESSIONAL'], standing: 'arrears' },
  createdBy: 'admin@portal.test',
};
const RECIPIENTS: CampaignRecipient[] = [
  {
    memberNo: 'ERB1001',
    name: 'Jane Mwangi',
    address: 'jane@example.com',
    status: 'sent',
    reason: null,
    updatedAt: '2026-11-20T08:01:00.000Z',
  },
  {
    memberNo: 'ERB1005',
    name: 'David Mutua',
    address: null,
    status: 'skipped',
    reason: 'No address on record',
    updatedAt: '2026-11-20T08:00:00.000Z',
  },
  {
    memberNo: 'ERB1007',
    name: 'Ann Wanjiru',
    address: 'ann@bad.example',
    status: 'bounced',
    reason: '550 mailbox unavailable',
    updatedAt: '2026-11-20T08:02:00.000Z',
  },
];

let calls: Call[];
let campaign: Campaign;
beforeEach(() => {
  atWidth(1280);
  campaign = sending;
  calls = fakeApi(({ method, path }) => {
    if (path === 'setup/membership-categories') return { body: { data: [{ Code: 'PROFESSIONAL', Description: 'Professional Engineer' }] } };
    if (path === 'admin/campaigns/CMP0002') return { body: { data: campaign } };
    if (path.startsWith('admin/campaigns/CMP0002/recipients')) {
      return { body: { data: { items: RECIPIENTS, total: 3, page: 1, pageSize: 20 } } };
    }
    if (path === 'admin/campaigns/CMP0002/preview') return { body: { data: { recipients: 7, skipped: 2, sample: null } } };
    if (method === 'POST' && path === 'admin/campaigns/CMP0002/cancel') return { body: { message: 'Campaign cancelled' } };
    return undefined;
  });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

const show = () => renderPage(<CampaignPage />, { url: '/admin/campaigns/CMP0002', path: '/admin/campaigns/:no' });

describe('a campaign’s page (issue 29)', { timeout: 30_000 }, () => {
  it('shows the progress while sending, the counts, the segment in words, and reads it again every few seconds', async () => {
    const container = await show();
    const bar = container.querySelector('[role="progressbar"][aria-label="Sending progress"]');
    // 12 sent + 2 failed + 1 bounced + 5 skipped of 40.
    expect(bar?.getAttribute('aria-valuenow')).toBe('50');
    expect(container.textContent).toContain('20 of 40 recipients done (50%), 20 waiting to be sent');
    expect(container.querySelector('[data-testid="count-sent"]')?.textContent).toBe('12');
    expect(container.querySelector('[data-testid="count-skipped"]')?.textContent).toBe('5');
    expect(container.textContent).toContain('Category: Professional Engineer · in arrears');
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'Cancel campaign')).toBe(true);

    campaign = { ...sending, status: 'completed', queued: 0, sent: 32, finishedAt: '2026-11-20T08:30:00.000Z' };
    const asked = calls.filter((c) => c.path === 'admin/campaigns/CMP0002').length;
    await act(async () => new Promise((resolve) => setTimeout(resolve, CAMPAIGN_REFRESH_MS + 300)));
    await settle();
    expect(calls.filter((c) => c.path === 'admin/campaigns/CMP0002').length).toBeGreaterThan(asked);
    expect(container.querySelector('[aria-label="Sending progress"]')).toBeNull();
    expect(container.querySelector('[data-testid="count-sent"]')?.textContent).toBe('32');
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'Cancel campaign')).toBe(false);
    // The counts changed, so the recipients were read again with them.
    expect(calls.filter((c) => c.path.startsWith('admin/campaigns/CMP0002/recipients')).length).toBe(2);
  });

  it('lists the recipients with the reason for those skipped, failed or bounced, by the outcome chosen', async () => {
    campaign = { ...sending, status: 'completed' };
    const container = await show();
    const rows = [...container.querySelectorAll('table[aria-label="Recipients"] tbody tr')];
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent))).toEqual([
      ['ERB1001', 'Jane Mwangi', 'jane@example.com', 'Sent', '—'],
      ['ERB1005', 'David Mutua', '—', 'Skipped', 'No address on record'],
      ['ERB1007', 'Ann Wanjiru', 'ann@bad.example', 'Bounced', '550 mailbox unavailable'],
    ]);
    await pickOption(container.querySelector<HTMLSelectElement>('section[aria-label="Recipients"] select'), 'Bounced');
    expect(calls.at(-1)?.path).toBe('admin/campaigns/CMP0002/recipients?status=bounced&page=1&pageSize=20');
  });

  it('before it starts (scheduled) says how many it would reach now, with no recipients yet', async () => {
    campaign = { ...sending, status: 'scheduled', sendAt: '2026-12-24T06:00:00.000Z', startedAt: null, recipients: 0, queued: 0 };
    const container = await show();
    expect(container.textContent).toContain('Waiting for 24 Dec 2026, 09:00');
    expect(container.textContent).toContain('7 members would receive it now, 2 skipped');
    expect(container.textContent).toContain('Scheduled for 24 Dec 2026, 09:00');
    expect(container.querySelector('section[aria-label="Recipients"]')).toBeNull();
    expect(container.querySelector('[aria-label="Outcomes"]')).toBeNull();
  });
});
