import { type ComplaintDetail, type ComplaintSummary, complaintMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api';
import { click, renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { pickOption, typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { ComplaintPage } from './complaint-page';
import { ComplaintsPage } from './complaints-page';

const overdue: ComplaintSummary = {
  reference: 'CMP-2026-0001',
  stage: 'notice',
  stageLabel: 'Notice to the engineer',
  respondent: { memberNo: 'ERB1001', name: 'Jane Wanjiru Mwangi' },
  complainantName: 'Peter Otieno',
  filedAt: '2026-10-01T07:00:00.000Z',
  assignee: 'Main Admin',
  dueOn: '2026-10-22',
  overdue: true,
};
const fresh: ComplaintSummary = {
  ...overdue,
  reference: 'CMP-2026-0002',
  stage: 'received',
  stageLabel: 'Received',
  assignee: null,
  dueOn: null,
  overdue: false,
};
const detail: ComplaintDetail = {
  ...fresh,
  stage: 'preliminary_review',
  stageLabel: 'Preliminary review',
  complainantEmail: 'peter@example.com',
  complainantPhone: '254722123456',
  withholdIdentity: true,
  description: 'The engineer signed off a slab that cracked within a week.',
  incidentDate: '2026-09-20',
  incidentPlace: 'Kilimani',
  assigneeId: null,
  dismissalReason: null,
  noticeSentAt: null,
  noticeDue: null,
  response: null,
  respondedAt: null,
  hearingAt: null,
  hearingPanel: null,
  hearingMinutes: null,
  appealUntil: null,
  decision: null,
  nextStages: ['notice', 'dismissed'],
  decisionBlockedBy: complaintMessages.decisionNotYet,
  files: [{ id: 'f1', party: 'complainant', fileName: 'photos.pdf', contentType: 'application/pdf', size: 2048, createdAt: fresh.filedAt }],
  notes: [{ id: 1, author: 'Main Admin', body: 'Called the complainant.', at: '2026-10-02T08:00:00.000Z' }],
  events: [{ at: fresh.filedAt, stage: 'received', label: 'Received', actor: null, reason: null }],
};

let calls: Call[];
beforeEach(() => {
  atWidth(PHONE_WIDTH);
  calls = fakeApi(({ method, path }) => {
    if (path.startsWith('admin/complaints?')) return { body: { data: { items: [overdue, fresh], total: 2, page: 1, pageSize: 20 } } };
    if (path === 'admin/complaints/staff') return { body: { data: [{ id: 1, name: 'Main Admin' }] } };
    if (path === 'admin/complaints/CMP-2026-0002') return { body: { data: detail } };
    if (method === 'POST' && path === 'admin/complaints/CMP-2026-0002/stage') return { body: { message: complaintMessages.stageChanged } };
    return undefined;
  });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

describe('the complaints back office at 390 px (issue 30)', { timeout: 30_000 }, () => {
  it('shows the open cases as cards, the overdue one marked, and asks for the filters chosen', async () => {
    const view = await renderPage(<ComplaintsPage />, { url: '/admin/complaints' });
    expect(view.querySelector('table')).toBeNull();
    const cards = view.querySelectorAll('article');
    expect(cards).toHaveLength(2);
    expect(cards[0].getAttribute('aria-label')).toBe('Complaint CMP-2026-0001');
    expect(cards[0].textContent).toContain('Overdue');
    expect(cards[0].textContent).toContain('Against Jane Wanjiru Mwangi (ERB1001)');
    expect(cards[1].textContent).not.toContain('Overdue');
    expect(cards[0].querySelector('a')?.getAttribute('href')).toBe('/admin/complaints/CMP-2026-0001');
    expect(calls.at(-1)?.path).toBe('admin/complaints?stage=open&page=1&pageSize=20');

    await pickOption(view.querySelector('select'), 'Hearing');
    await pickOption(view.querySelectorAll('select')[1] as HTMLSelectElement, 'Main Admin');
    await click([...view.querySelectorAll('label')].find((l) => l.textContent === 'Overdue only'));
    expect(calls.at(-1)?.path).toBe('admin/complaints?stage=hearing&assignee=1&overdue=true&page=1&pageSize=20');
  });

  it('shows the case with its parties, files, notes and stage buttons; Dismiss asks for the reason', async () => {
    const view = await renderPage(<ComplaintPage />, { url: '/admin/complaints/CMP-2026-0002', path: '/admin/complaints/:reference' });
    expect(view.querySelector('h1')?.textContent).toBe('Complaint CMP-2026-0002');
    expect(view.textContent).toContain('peter@example.com');
    expect(view.querySelector('button[aria-label="Download photos.pdf"]')).not.toBeNull();
    expect(view.textContent).toContain('Called the complainant.');
    expect(button('Admit and give notice')).toBeDefined();
    await click(button('Dismiss'));
    // The dialog's code comes when it first opens.
    for (const end = Date.now() + 10_000; !button('Dismiss complaint') && Date.now() < end; ) await settle();
    const reason = document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea');
    await click(button('Dismiss complaint'));
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(complaintMessages.reasonRequired);
    await typeInto(reason, 'Not about professional conduct');
    await click(button('Dismiss complaint'));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent).toEqual({
      method: 'POST',
      path: 'admin/complaints/CMP-2026-0002/stage',
      body: { stage: 'dismissed', reason: 'Not about professional conduct' },
    });
    expect(document.body.textContent).toContain(complaintMessages.stageChanged);
  });
});
