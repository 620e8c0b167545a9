import { billingAdminMessages } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { settle } from '../../test/settle';
import { adminBillingApi } from './api';
import { CreditNoteDialog } from './dialogs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function open(onDone = vi.fn(), onClose = vi.fn()) {
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <CreditNoteDialog defaults={{ invoiceNo: 'INV000007', remaining: 1500 }} onClose={onClose} onDone={onDone} />
      </QueryClientProvider>,
    ),
  );
  const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;
  const input = (label: string) =>
    [...dialog().querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].find(
      (el) => el.closest('.MuiFormControl-root')?.querySelector('label')?.textContent?.startsWith(label) && !el.getAttribute('aria-hidden'),
    ) as HTMLInputElement;
  const type = (label: string, value: string) =>
    act(() => {
      const el = input(label);
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
      setter?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = async () => {
    const button = [...dialog().querySelectorAll('button')].find((b) => b.textContent === 'Issue credit note');
    act(() => button?.click());
    await settle();
  };
  return { dialog, input, type, submit };
}

describe('CreditNoteDialog (admin billing dialogs)', () => {
  it('opens with the invoice filled in and the most that may be credited as the hint', () => {
    const d = open();
    expect(d.dialog().querySelector('#credit-note-title')?.textContent).toBe('Issue a credit note');
    expect(d.input('Invoice number').value).toBe('INV000007');
    expect(d.dialog().textContent).toContain('At most what is still owed: 1500.00');
  });

  it('shows the form rules under the fields and sends nothing while they fail', async () => {
    const send = vi.spyOn(adminBillingApi, 'creditNote');
    const d = open();
    await d.submit();
    expect(d.dialog().textContent).toContain(billingAdminMessages.reasonRequired);
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the fields and its message in the alert", async () => {
    vi.spyOn(adminBillingApi, 'creditNote').mockRejectedValue(new ApiError(422, 'Check the credit note', { amount: ['Too much'] }));
    const onDone = vi.fn();
    const d = open(onDone);
    d.type('Amount', '2000');
    d.type('Reason', 'Duplicate billing');
    await d.submit();
    expect(d.dialog().querySelector('[role="alert"]')?.textContent).toBe('Check the credit note');
    expect(d.dialog().textContent).toContain('Too much');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the form, reports the server message and closes', async () => {
    const send = vi.spyOn(adminBillingApi, 'creditNote').mockResolvedValue({
      message: 'Credit note CN000001 issued',
      creditNoteNo: 'CN000001',
      invoiceNo: 'INV000007',
      amount: 500,
      remainingAmount: 1000,
    });
    const onDone = vi.fn();
    const onClose = vi.fn();
    const d = open(onDone, onClose);
    d.type('Amount', '500');
    d.type('Reason', 'Goodwill');
    await d.submit();
    expect(send).toHaveBeenCalledWith({ invoiceNo: 'INV000007', amount: 500, reason: 'Goodwill' });
    expect(onDone).toHaveBeenCalledWith('Credit note CN000001 issued');
    expect(onClose).toHaveBeenCalled();
  });
});
