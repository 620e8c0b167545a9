import type { PaymentHistoryRecord } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { PaymentHistory } from './payment-history';

const record = (over: Partial<PaymentHistoryRecord>): PaymentHistoryRecord => ({
  paymentCode: 'RCT000001',
  paymentDate: '2025-02-01',
  paymentFrom: '254712345678',
  paymentTo: 'Engineers Registration Board',
  amount: 2320,
  paymentID: 'SGR7ABC123',
  paymentType: 'MPESA',
  yearOfSubscription: '2025',
  email: 'jane.mwangi@example.com',
  name: 'Jane Mwangi',
  no: 1,
  memberNo: 'ERB1001',
  ...over,
});

let container: HTMLDivElement;
let history: PaymentHistoryRecord[] = [];
const blobs: Blob[] = [];
const downloads: string[] = [];

beforeEach(() => {
  signInMember();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/api/billing/history') ? history : url.endsWith('/api/profile') ? { MemberNo: 'ERB1001' } : null;
      return new Response(JSON.stringify({ data: body }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  blobs.length = 0;
  downloads.length = 0;
});

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function show() {
  container = await renderPage(<PaymentHistory />);
  await vi.waitFor(() => expect(container.textContent).not.toContain('Loading'));
  await act(async () => {});
  return [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Export to Excel')) as HTMLButtonElement;
}

describe('My Payment History (part 2 §2.3, §7)', () => {
  it('disables Export to Excel while the history is empty', async () => {
    history = [];
    const button = await show();
    expect(container.textContent).toContain('My Payment History');
    expect(button.disabled).toBe(true);
  });

  it('lists payments newest year first and exports them as payment-history-{memberNo}.csv', async () => {
    history = [
      record({ paymentCode: 'RCT000001', yearOfSubscription: '2024', paymentDate: '2024-02-01', no: 1 }),
      record({ paymentCode: 'RCT000003', yearOfSubscription: '2026', paymentDate: '2026-01-10', no: 3, name: 'Jane "JM" Mwangi' }),
      record({ paymentCode: 'RCT000002', yearOfSubscription: '2025', paymentDate: '2025-02-01', no: 2, amount: 1000.5 }),
    ];
    const button = await show();
    await vi.waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(3));
    const years = [...container.querySelectorAll('tbody tr')].map((r) => r.lastElementChild?.textContent);
    expect(years).toEqual(['2026', '2025', '2024']);
    expect(button.disabled).toBe(false);

    act(() => button.click());
    expect(downloads).toEqual(['payment-history-ERB1001.csv']);
    const text = (await readBlob(blobs[0])).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'PaymentCode,DateOfPayment,PaymentOrigin,PaymentRecepient,amount,PaymentID,PaymentType,YearOfSubscription,email,name,no',
    );
    expect(lines[1]).toBe(
      'RCT000003,2026-01-10,254712345678,Engineers Registration Board,2320.00,SGR7ABC123,MPESA,2026,jane.mwangi@example.com,"Jane ""JM"" Mwangi",3',
    );
    expect(lines[2]).toContain('RCT000002,2025-02-01');
    expect(lines[2]).toContain(',1000.50,');
    expect(lines[3]).toContain('RCT000001,2024-02-01');
    expect(lines[4]).toBe('');
    expect(blobs[0].type).toContain('text/csv');
  });
});
