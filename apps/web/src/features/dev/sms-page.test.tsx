import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { typeInto } from '../../test/type';
import { SmsPage } from './sms-page';

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
});

const field = (view: HTMLElement, label: string) =>
  [...view.querySelectorAll<HTMLInputElement>('input')].find((input) => input.labels?.[0]?.textContent?.startsWith(label));
const button = (view: HTMLElement, name: string) => [...view.querySelectorAll('button')].find((b) => b.textContent === name);

describe('/dev/sms', () => {
  it("sends an SMS from the phone number and shows the board's reply", async () => {
    const reply = 'ERB1001: Eng. Jane Mwangi, Professional Engineer. Registered, good standing. Licensed to practise until 31 Dec 2026.';
    const post = vi.spyOn(api, 'post').mockResolvedValue({ outcome: 'member', reply });
    const view = await renderPage(<SmsPage />, { url: '/dev/sms' });
    await typeInto(field(view, 'Phone number'), '0733 444 555');
    await typeInto(field(view, 'Message'), 'ERB1001');
    await click(view.querySelector<HTMLButtonElement>('section[aria-labelledby="dev-sms-title"] button[type="submit"]'));
    expect(post).toHaveBeenCalledWith('dev/sms', { from: '0733 444 555', text: 'ERB1001' });
    const thread = view.querySelector('[data-testid="sms-thread"]');
    expect([...(thread?.children ?? [])].map((line) => [line.getAttribute('data-from'), line.textContent])).toEqual([
      ['phone', 'ERB1001'],
      ['board', reply],
    ]);
  });

  it('walks the USSD menu: dial, the menu, an entry, the answer', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce({ reply: 'CON Board register\n1. Check an engineer\n2. Check a practising licence' })
      .mockResolvedValueOnce({ reply: 'CON Enter the member number (such as ERB1001 or 1001)' })
      .mockResolvedValueOnce({ reply: 'END No registered engineer has the number ERB4242.' });
    const view = await renderPage(<SmsPage />, { url: '/dev/sms' });
    const screen = () => view.querySelector('[data-testid="ussd-screen"]')?.textContent;
    const ussdSend = () => view.querySelector<HTMLButtonElement>('section[aria-labelledby="dev-ussd-title"] button[type="submit"]');

    await click(button(view, 'Dial'));
    expect(screen()).toBe('Board register\n1. Check an engineer\n2. Check a practising licence');
    await typeInto(field(view, 'Reply'), '1');
    await click(ussdSend());
    expect(screen()).toBe('Enter the member number (such as ERB1001 or 1001)');
    await typeInto(field(view, 'Reply'), '4242');
    await click(ussdSend());
    expect(screen()).toBe('No registered engineer has the number ERB4242.');
    expect(button(view, 'Dial again')).toBeDefined();

    const sessionId = (post.mock.calls[0][1] as { sessionId: string }).sessionId;
    expect(post.mock.calls.map(([path, body]) => [path, body])).toEqual([
      ['dev/ussd', { sessionId, phoneNumber: '0722 000 111', text: '' }],
      ['dev/ussd', { sessionId, phoneNumber: '0722 000 111', text: '1' }],
      ['dev/ussd', { sessionId, phoneNumber: '0722 000 111', text: '1*4242' }],
    ]);
  });
});
