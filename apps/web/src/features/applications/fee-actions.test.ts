import { describe, expect, it } from 'vitest';
import { feeActions } from './application-list-page';

describe('application fee actions (part 1 §2, §7)', () => {
  const draft = { Submitted: false, submittedAt: null, postedReceiptNo: null };
  const submitted = { Submitted: true, submittedAt: '2026-11-01T08:00:00.000Z', postedReceiptNo: null };

  it('offers nothing to pay before the application is submitted', () => {
    expect(feeActions(draft, false)).toEqual({ invoice: false, payNow: false, receipt: false });
  });

  it('offers Invoice and Pay Now once submitted and invoiced, until the fee has a posted receipt', () => {
    expect(feeActions(submitted, true)).toEqual({ invoice: true, payNow: true, receipt: false });
    expect(feeActions({ ...submitted, postedReceiptNo: 'RCT000009' }, true)).toEqual({ invoice: true, payNow: false, receipt: true });
  });

  it('offers Pay Now for a submitted application even before its invoice shows in the statement', () => {
    expect(feeActions(submitted, false)).toEqual({ invoice: false, payNow: true, receipt: false });
  });

  it('keeps Pay Now for a returned application whose fee is still unpaid', () => {
    expect(feeActions({ Submitted: false, submittedAt: '2026-11-01T08:00:00.000Z', postedReceiptNo: null }, true).payNow).toBe(true);
  });
});
