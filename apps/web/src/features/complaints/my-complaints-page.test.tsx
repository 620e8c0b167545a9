import { complaintMessages, type RespondentComplaint } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { MyComplaintsPage } from './my-complaints-page';

const open: RespondentComplaint = {
  reference: 'CMP-2026-0003',
  stage: 'notice',
  stageLabel: 'Notice to the engineer',
  complainantName: null,
  identityWithheld: true,
  description: 'The engineer signed off a slab that cracked within a week.',
  incidentDate: '2026-09-20',
  incidentPlace: 'Kilimani',
  filedAt: '2026-10-01T07:00:00.000Z',
  noticeDue: '2026-12-19',
  canAnswer: true,
  response: null,
  respondedAt: null,
  hearingAt: null,
  decision: null,
  files: [],
  events: [{ at: '2026-10-01T07:00:00.000Z', stage: 'received', label: 'Received' }],
};

let answered: boolean;
let sent: FormData | null;
beforeEach(() => {
  atWidth(PHONE_WIDTH);
  answered = false;
  sent = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url === '/api/complaints/mine') {
        const mine = answered
          ? { ...open, canAnswer: false, response: 'The contractor removed the props early.', respondedAt: '2026-12-01T08:00:00.000Z' }
          : open;
        return json(200, { data: [mine] });
      }
      if (url === '/api/complaints/CMP-2026-0003/response' && init?.method === 'POST') {
        sent = init.body as FormData;
        answered = true;
        return json(200, { message: complaintMessages.answered });
      }
      return json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

describe('My Complaints (issue 30)', { timeout: 30_000 }, () => {
  it('shows the complaint with the identity withheld and the answer date; the answer goes as form data and is then shown', async () => {
    const view = await renderPage(<MyComplaintsPage />, { url: '/my-complaints' });
    const card = view.querySelector('article[aria-label="Complaint CMP-2026-0003"]');
    expect(card?.textContent).toContain('Identity withheld');
    expect(card?.textContent).toContain('You have until 19 Dec 2026 to answer this notice.');
    const button = () => [...view.querySelectorAll('button')].find((b) => b.textContent === 'Send answer');
    // The answer form comes when a case can be answered (decision 054).
    await vi.waitFor(() => expect(button()).toBeDefined(), { timeout: 10_000 });
    await click(button());
    // The form's rules are fetched at its first check: wait for them on a busy machine.
    await vi.waitFor(() => expect(view.textContent).toContain(complaintMessages.statementRequired), { timeout: 10_000 });
    await typeInto(view.querySelector<HTMLTextAreaElement>('textarea[name="statement"]'), 'The contractor removed the props early.');
    const input = view.querySelector<HTMLInputElement>('input[type="file"]');
    Object.defineProperty(input, 'files', { value: [new File(['%PDF-1.4'], 'instructions.pdf', { type: 'application/pdf' })] });
    await act(async () => {
      input?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    await click(button());
    await vi.waitFor(() => expect(sent).not.toBeNull(), { timeout: 10_000 });
    expect(sent?.get('statement')).toBe('The contractor removed the props early.');
    expect(sent?.getAll('documents').map((f) => (f as File).name)).toEqual(['instructions.pdf']);
    await vi.waitFor(() => expect(document.body.textContent).toContain(complaintMessages.answered), { timeout: 10_000 });
    await vi.waitFor(() => expect(button()).toBeUndefined(), { timeout: 10_000 });
    expect(view.querySelector('section[aria-label="Your answer"]')?.textContent).toContain('The contractor removed the props early.');
  });
});
