import type { ReviewApplication } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { kindDetail, LicencePanel, transitionLabel } from './kind';

afterEach(unmountPages);

const licence = {
  application: { Code: 'APP000003' },
  codeLabels: { 'countries:KE': 'Kenya', 'counties:047': 'Nairobi City' },
  licence: {
    year: 2027,
    type: 'Renewal',
    details: { practiceName: 'Mwangi Consulting', countryCode: 'KE', county: '047', practitionerPhone: '0712345678' },
    signedFileId: 'f1',
    licenseNo: 'LIC-2027-0001',
    licenseStatus: 'Active',
    validTo: '2027-12-31',
  },
} as unknown as ReviewApplication;

describe('application kinds in the back office', () => {
  it('labels the release of upgrades and licences Approve', () => {
    expect(transitionLabel('Released', 'Registration')).toBe('Release');
    expect(transitionLabel('Released', 'Upgrade')).toBe('Approve');
    expect(transitionLabel('Released', 'Licence')).toBe('Approve');
    expect(transitionLabel('Verified', 'Licence')).toBe('Verify');
  });

  it('describes an upgrade by its categories and a licence by its year', () => {
    expect(kindDetail({ kind: 'Upgrade', FromCategory: 'GRADUATE', AppliedCategory: 'PE', LicenseYear: null })).toBe('GRADUATE → PE');
    expect(kindDetail({ kind: 'Licence', FromCategory: null, AppliedCategory: 'PE', LicenseYear: 2027 })).toBe('2027');
    expect(kindDetail({ kind: 'Registration', FromCategory: null, AppliedCategory: 'PE', LicenseYear: null })).toBeNull();
  });

  it('shows a licence application’s details with their labels, the signed scan and the issued licence', async () => {
    const container = await renderPage(<LicencePanel data={licence} />, { queries: { enabled: false } });
    const text = container.textContent ?? '';
    expect(text).toContain('Licence 2027 (Renewal)');
    expect(text).toContain('Practice NameMwangi Consulting');
    expect(text).toContain('CountryKenya');
    expect(text).toContain('CountyNairobi City');
    expect(text).toContain('Licence LIC-2027-0001 · Active · valid until 31 Dec 2027');
    expect(container.querySelector('button[aria-label="View Signed application APP000003"]')).not.toBeNull();
  });
});
