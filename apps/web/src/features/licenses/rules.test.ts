import { LICENSE_UPLOAD_MAX_BYTES, type LicenseApplication, licenseMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { licenseDate } from '../../shared/licenses/license-text';
import { adminLicenseMoves, awaitsSignedUpload, canStartLicense, completeRoute, licenseActions, pdfName, uploadRefusal } from './rules';

const draft: Pick<LicenseApplication, 'proFormaRef' | 'receiptNo' | 'hasSignedDocument' | 'license'> = {
  proFormaRef: null,
  receiptNo: null,
  hasSignedDocument: false,
  license: null,
};
const uploaded = { ...draft, hasSignedDocument: true, proFormaRef: 'INV000010' };
const paid = { ...uploaded, receiptNo: 'RCT000020' };
const issued = {
  ...paid,
  license: {
    licenseNo: 'LIC-2026-0001',
    year: 2026,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    status: 'Active' as const,
    statusReason: null,
    categoryCode: 'PE',
    documentNo: 'LIC-7K2M',
  },
};

describe('licence row actions (part 2 §2.4, §4)', () => {
  it('offers nothing but View on a draft awaiting its signed upload', () => {
    expect(licenseActions(draft)).toEqual({ invoice: null, payNow: false, receipt: false, licence: false });
  });

  it('offers the Proforma and Pay Now once the signed application is uploaded and invoiced', () => {
    expect(licenseActions(uploaded)).toEqual({ invoice: 'Proforma', payNow: true, receipt: false, licence: false });
  });

  it('offers Pay Now on an uploaded application even before its proforma reference is known', () => {
    expect(licenseActions({ ...uploaded, proFormaRef: null })).toEqual({ invoice: null, payNow: true, receipt: false, licence: false });
  });

  it('turns Proforma into Invoice and Pay Now into Receipt once paid', () => {
    expect(licenseActions(paid)).toEqual({ invoice: 'Invoice', payNow: false, receipt: true, licence: false });
  });

  it('adds the licence once issued', () => {
    expect(licenseActions(issued).licence).toBe(true);
  });
});

describe('the signed upload panel', () => {
  it('shows for a saved application until it is uploaded, and again when a reviewer returns it', () => {
    expect(awaitsSignedUpload({ Submitted: false, hasSignedDocument: false, returnedAt: null })).toBe(true);
    expect(awaitsSignedUpload({ Submitted: true, hasSignedDocument: true, returnedAt: null })).toBe(false);
    expect(awaitsSignedUpload({ Submitted: false, hasSignedDocument: true, returnedAt: '2026-11-20T08:00:00.000Z' })).toBe(true);
  });
});

describe('completing a licence requirement', () => {
  it('opens the profile editor for profile items, Billing and My Cpd for the rules, and nothing for the category', () => {
    expect(completeRoute({ code: 'WORK EXPERIENCE' })).toBe('/checklist/component/WORK%20EXPERIENCE?type=License');
    expect(completeRoute({ code: 'GOOD_STANDING' })).toBe('/billing');
    expect(completeRoute({ code: 'CPD_LAST_YEAR' })).toBe('/cpd');
    expect(completeRoute({ code: 'LICENSABLE' })).toBeNull();
  });
});

describe('New', () => {
  it('is refused with a reason unless there is an application to continue', () => {
    expect(canStartLicense({ blockedReason: null, openApplicationNo: null })).toBe(true);
    expect(canStartLicense({ blockedReason: 'You already hold the 2026 licence.', openApplicationNo: null })).toBe(false);
    expect(canStartLicense({ blockedReason: 'You already have a licence application for 2026', openApplicationNo: 'APP000123' })).toBe(
      true,
    );
  });
});

describe('signed upload (part 2 §5, §9)', () => {
  const pdf = (size: number, type = 'application/pdf', name = 'signed.pdf') => ({ name, type, size });

  it('takes a PDF up to 3,145,728 bytes', () => {
    expect(uploadRefusal(pdf(LICENSE_UPLOAD_MAX_BYTES))).toBeNull();
    expect(uploadRefusal(pdf(10, '', 'SIGNED.PDF'))).toBeNull();
  });

  it("refuses anything larger or not a PDF with the spec's 2MB toast", () => {
    expect(uploadRefusal(pdf(LICENSE_UPLOAD_MAX_BYTES + 1))).toBe(licenseMessages.fileTooLarge);
    expect(uploadRefusal(pdf(10, 'image/png', 'scan.png'))).toBe('File too large. max allowed size is 2MB');
    expect(uploadRefusal(pdf(10, 'image/png', 'scan.pdf'))).toBe(licenseMessages.fileTooLarge);
  });
});

describe('admin status moves', () => {
  it('suspends or revokes an active licence, reinstates or revokes a suspended one, and leaves the rest', () => {
    expect(adminLicenseMoves('Active')).toEqual(['Suspended', 'Revoked']);
    expect(adminLicenseMoves('Suspended')).toEqual(['Active', 'Revoked']);
    expect(adminLicenseMoves('Revoked')).toEqual([]);
    expect(adminLicenseMoves('Lapsed')).toEqual([]);
  });
});

describe('texts', () => {
  it('writes the last day in full and keeps download names safe', () => {
    expect(licenseDate('2026-12-31')).toBe('31 Dec 2026');
    expect(licenseDate('unknown')).toBe('unknown');
    expect(pdfName('LICENSE', 'LIC/2026 01')).toBe('LICENSE-LIC202601.pdf');
  });
});
