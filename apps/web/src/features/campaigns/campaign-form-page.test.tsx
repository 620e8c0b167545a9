import type { CampaignPreview } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api';
import { click, renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { CampaignFormPage } from './campaign-form-page';
import { PREVIEW_DEBOUNCE_MS } from './preview-panel';

const CATEGORIES = [
  { Code: 'PROFESSIONAL', Description: 'Professional Engineer' },
  { Code: 'GRADUATE', Description: 'Graduate Engineer' },
];
const PREVIEW: CampaignPreview = {
  recipients: 2,
  skipped: 1,
  sample: {
    memberNo: 'ERB1001',
    name: 'Jane Mwangi',
    to: 'jane.mwangi@example.com',
    subject: 'Your subscription, Jane',
    body: 'Dear Jane, you owe KES 5,800.00.',
    html: '<p>Dear Jane, you owe <b>KES 5,800.00</b>.</p>',
    sms: null,
  },
};

let calls: Call[];
let saveAnswer: { status: number; body: unknown };

beforeEach(() => {
  saveAnswer = { status: 200, body: { data: { no: 'CMP0001' }, message: 'Campaign saved' } };
  calls = fakeApi(({ method, path }) => {
    if (path === 'setup/membership-categories') return { body: { data: CATEGORIES } };
    if (path === 'setup/counties') return { body: { data: [{ CountyNo: '047', countyName: 'Nairobi' }] } };
    if (method === 'POST' && path === 'admin/campaigns/preview') return { body: { data: PREVIEW } };
    if (method === 'POST' && path === 'admin/campaigns') return saveAnswer;
    return undefined;
  });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[name="${name}"], textarea[name="${name}"]`);
const helperOf = (element: Element | null) =>
  element?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
const waitForPreview = () => act(async () => new Promise((resolve) => setTimeout(resolve, PREVIEW_DEBOUNCE_MS + 100)));

async function show() {
  return renderPage(<CampaignFormPage />, { url: '/admin/campaigns/new', routes: { '/admin/campaigns/:no/edit': <p>edit page</p> } });
}

// A first render of the editor (MUI, the form) and the schema fetched at the first check take seconds in jsdom.
describe('the campaign editor (issue 29)', { timeout: 30_000 }, () => {
  it('shows the contract’s messages under the fields when the form is incomplete, and sends nothing', async () => {
    const container = await show();
    await click(button(container, 'Save draft'));
    await vi.waitFor(() => expect(helperOf(field(container, 'name'))).toBe('Campaign name is required'), { timeout: 15_000 });
    expect(helperOf(field(container, 'subject'))).toBe('Subject is required');
    expect(helperOf(field(container, 'body'))).toContain('Message is required');
    expect(calls.some((c) => c.method === 'POST' && c.path === 'admin/campaigns')).toBe(false);
  });

  it('shows the server’s field messages under the fields, keeping what was typed', async () => {
    saveAnswer = {
      status: 400,
      body: {
        message: 'Unknown merge field: {{nickname}}',
        errors: { body: ['Unknown merge field: {{nickname}}'], 'segment.eventNo': ['No such event'] },
      },
    };
    const container = await show();
    await typeInto(field(container, 'name'), 'Arrears reminder');
    await typeInto(field(container, 'subject'), 'Your subscription');
    await typeInto(field(container, 'body'), 'Dear {{firstName}}, please pay.');
    await typeInto(field(container, 'segment.eventNo'), 'EVT9');
    await click(button(container, 'Save draft'));
    await vi.waitFor(() => expect(helperOf(field(container, 'body'))).toContain('Unknown merge field: {{nickname}}'), { timeout: 15_000 });
    expect(helperOf(field(container, 'segment.eventNo'))).toBe('No such event');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Unknown merge field');
    expect(field(container, 'name')?.value).toBe('Arrears reminder');
    expect(field(container, 'body')?.value).toBe('Dear {{firstName}}, please pay.');
    const saved = calls.find((c) => c.method === 'POST' && c.path === 'admin/campaigns');
    expect(saved?.body).toMatchObject({ name: 'Arrears reminder', channel: 'email', segment: { eventNo: 'EVT9' } });
  });

  it('counts an SMS as it is typed: characters, messages and the encoding', async () => {
    const container = await show();
    await click(container.querySelector<HTMLInputElement>('input[type="radio"][value="sms"]'));
    expect(field(container, 'subject')).toBeNull();
    // Braces are GSM-7's extension characters: two each.
    await typeInto(field(container, 'body'), 'Hello {{firstName}}');
    expect(container.querySelector('[data-testid="sms-length"]')?.textContent).toBe('23 characters · 1 message (GSM-7)');
    await typeInto(field(container, 'body'), 'x'.repeat(161));
    expect(container.querySelector('[data-testid="sms-length"]')?.textContent).toBe('161 characters · 2 messages (GSM-7)');
    await typeInto(field(container, 'body'), 'Habari 😀');
    expect(container.querySelector('[data-testid="sms-length"]')?.textContent).toBe('9 characters · 1 message (UCS-2)');
  });

  it('inserts a merge field where the cursor is', async () => {
    const container = await show();
    const body = field(container, 'body') as HTMLTextAreaElement;
    await typeInto(body, 'Dear , welcome');
    act(() => {
      body.focus();
      body.setSelectionRange(5, 5);
    });
    await click(button(container, '{{firstName}}'));
    expect(body.value).toBe('Dear {{firstName}}, welcome');
  });

  it('asks for a preview a moment after a change and shows the count and the sample', async () => {
    const container = await show();
    await typeInto(field(container, 'body'), 'Dear {{firstName}}');
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await waitForPreview();
    await settle();
    const preview = container.querySelector('section[aria-label="Preview"]');
    expect(preview?.textContent).toContain('2 members will receive it, 1 skipped (opted out or no address)');
    expect(preview?.textContent).toContain('Dear Jane, you owe KES 5,800.00.');
    expect(preview?.textContent).toContain('Your subscription, Jane');
    expect(preview?.querySelector('iframe')?.getAttribute('srcdoc')).toBe('<p>Dear Jane, you owe <b>KES 5,800.00</b>.</p>');
    expect(preview?.querySelector('iframe')?.getAttribute('sandbox')).toBe('');
    const last = calls.filter((c) => c.path === 'admin/campaigns/preview').at(-1);
    expect(last?.body).toMatchObject({ body: 'Dear {{firstName}}', segment: { categories: ['PROFESSIONAL'] } });
    const status = () => preview?.querySelector('[role="status"]');
    expect(status()?.getAttribute('aria-busy')).toBe('false');

    // A change shows the previous preview as busy until the new one has come.
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    expect(status()?.getAttribute('aria-busy')).toBe('true');
    await waitForPreview();
    await settle();
    expect(status()?.getAttribute('aria-busy')).toBe('false');
  });
});
