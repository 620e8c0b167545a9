import { describe, expect, it } from 'vitest';
import { refereeConfig } from './configs';

describe('the referee table', () => {
  const sentTo = refereeConfig.columns.find((c) => c.label === 'Request sent to');

  it('shows where the request went (the masked record), not the address the applicant typed', () => {
    const entry = { Email: 'me@applicant.test', PhoneNo: '0700000001', sentToEmail: 'j***@example.com', sentToPhone: '2547******89' };
    expect(sentTo?.value(entry)).toBe('j***@example.com · 2547******89');
    expect(sentTo?.value({ ...entry, sentToPhone: '' })).toBe('j***@example.com');
    // No current request (the referee has no email on record): nothing, never the typed address.
    expect(sentTo?.value({ Email: 'me@applicant.test', sentToEmail: '', sentToPhone: '' })).toBe('');
  });

  it('tells the applicant that the typed email does not decide where the request goes', () => {
    expect(refereeConfig.fields.find((f) => f.name === 'Email')?.helper).toMatch(/on record/);
  });
});
