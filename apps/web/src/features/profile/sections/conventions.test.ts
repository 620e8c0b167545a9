import { describe, expect, it } from 'vitest';
import { attachmentsConfig, certificationConfig, contactConfig, refereeConfig } from './configs';

const column = (config: { columns: { label: string; value: (e: Record<string, unknown>) => string }[] }, label: string) => {
  const found = config.columns.find((c) => c.label === label);
  if (!found) throw new Error(`no column ${label}`);
  return found.value;
};

/** Issue 16 (decision 040): the member's own tables show descriptions, not codes, and phones one way. */
describe("the profile's tables", () => {
  it("show an award's and an attachment's description, not the code ('KCSE', 'ID')", () => {
    const award = column(certificationConfig, 'Award');
    expect(
      award({ CertificateAwarded: 'KCSE', codeDescriptions: { CertificateAwarded: 'Kenya Certificate of Secondary Education' } }),
    ).toBe('Kenya Certificate of Secondary Education');
    expect(award({ CertificateAwarded: 'MSC', codeDescriptions: { CertificateAwarded: 'Master of Science' } })).toBe('Master of Science');
    // A code the setup lists no longer hold still shows, as it is.
    expect(award({ CertificateAwarded: 'OLD', codeDescriptions: {} })).toBe('OLD');
    expect(
      column(attachmentsConfig, 'Description')({ description: 'ID', codeDescriptions: { description: 'National ID / Passport' } }),
    ).toBe('National ID / Passport');
  });

  it("show a contact's and a referee's phone as '+254 722 123 456', whatever form it is stored in", () => {
    expect(column(contactConfig, 'Phone')({ PhoneNo: '254722123456' })).toBe('+254 722 123 456');
    expect(column(contactConfig, 'Phone')({ PhoneNo: '0722123456' })).toBe('+254 722 123 456');
    expect(column(refereeConfig, 'Phone')({ PhoneNo: '254110123456' })).toBe('+254 110 123 456');
  });

  it('take phone numbers typed any usual way: phone inputs, not digits-only ones', () => {
    for (const name of ['PhoneNo', 'PhoneNo2']) {
      const field = contactConfig.fields.find((f) => f.name === name);
      expect(field).toMatchObject({ phone: true });
      expect(field?.digits).toBeUndefined();
    }
  });
});
