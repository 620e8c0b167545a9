import { describe, expect, it } from 'vitest';
import {
  isPendingPayment,
  PAYMENT_HISTORY_CSV_COLUMNS,
  type PaymentHistoryRecord,
  paymentHistoryCsv,
  paymentHistoryFileName,
  sortPaymentHistory,
} from './billing';

const record = (overrides: Partial<PaymentHistoryRecord> = {}): PaymentHistoryRecord => ({
  paymentCode: 'RCT000001',
  paymentDate: '2026-03-10',
  paymentFrom: '254712345678',
  paymentTo: 'Engineers Registration Board',
  amount: 5800,
  paymentID: 'QAB12CD34E',
  paymentType: 'MPESA',
  yearOfSubscription: '2026',
  email: 'jane@example.com',
  name: 'Jane Mwangi',
  no: 1,
  memberNo: 'ERB1001',
  ...overrides,
});

describe('paymentHistoryCsv', () => {
  it("writes the spec's columns in order, amounts with two decimals, CRLF lines and a BOM", () => {
    const csv = paymentHistoryCsv([record(), record({ paymentCode: 'RCT000002', amount: 1000.5, no: 2 })], 'ERB1001');
    expect(csv.fileName).toBe('payment-history-ERB1001.csv');
    expect(csv.content.startsWith('\uFEFF')).toBe(true);
    const lines = csv.content.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'PaymentCode,DateOfPayment,PaymentOrigin,PaymentRecepient,amount,PaymentID,PaymentType,YearOfSubscription,email,name,no',
    );
    expect(lines[0].split(',')).toEqual([...PAYMENT_HISTORY_CSV_COLUMNS]);
    expect(lines[1]).toBe(
      'RCT000001,2026-03-10,254712345678,Engineers Registration Board,5800.00,QAB12CD34E,MPESA,2026,jane@example.com,Jane Mwangi,1',
    );
    expect(lines[2]).toContain(',1000.50,');
    expect(lines[3]).toBe('');
  });

  it('quotes commas and quotes, and never lets a cell start a spreadsheet formula', () => {
    const csv = paymentHistoryCsv([record({ name: 'Mwangi, "Jane"', paymentFrom: '=HYPERLINK("x")', paymentID: '+254' })], 'ERB1001');
    const line = csv.content.slice(1).split('\r\n')[1];
    expect(line).toContain('"Mwangi, ""Jane"""');
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain(",'+254,");
  });

  it('keeps only safe characters of the member number in the file name', () => {
    expect(paymentHistoryFileName('ERB/10 01')).toBe('payment-history-ERB1001.csv');
    expect(paymentHistoryFileName(null)).toBe('payment-history-.csv');
  });
});

describe('sortPaymentHistory', () => {
  it('puts the newest subscription year first, then the newest payment', () => {
    const sorted = sortPaymentHistory([
      record({ paymentCode: 'A', yearOfSubscription: '2024', paymentDate: '2026-05-01' }),
      record({ paymentCode: 'B', yearOfSubscription: '2026', paymentDate: '2026-01-01' }),
      record({ paymentCode: 'C', yearOfSubscription: '2026', paymentDate: '2026-02-01' }),
    ]);
    expect(sorted.map((r) => r.paymentCode)).toEqual(['C', 'B', 'A']);
  });
});

describe('isPendingPayment', () => {
  it('is an invoice with something left to pay and an external document number (part 1 §9)', () => {
    expect(isPendingPayment({ documentType: 'Invoice', remainingAmtLCY: 10, externalDocumentNo: 'APP000001' })).toBe(true);
    expect(isPendingPayment({ documentType: 'Invoice', remainingAmtLCY: 0, externalDocumentNo: 'APP000001' })).toBe(false);
    expect(isPendingPayment({ documentType: 'Invoice', remainingAmtLCY: 10, externalDocumentNo: ' ' })).toBe(false);
    expect(isPendingPayment({ documentType: 'Invoice', remainingAmtLCY: 10, externalDocumentNo: null })).toBe(false);
    expect(isPendingPayment({ documentType: 'Payment', remainingAmtLCY: 10, externalDocumentNo: 'X' })).toBe(false);
  });
});
