import type { ReviewApplication } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { ProfilePanel } from './panels';

afterEach(unmountPages);

const show = (data: ReviewApplication) => renderPage(<ProfilePanel data={data} />, { queries: { enabled: false } });

const profile: NonNullable<ReviewApplication['profile']> = {
  ProfileID: 'PR000123',
  Type: 'Individual',
  FirstName: 'Wanjiku',
  SecondName: null,
  LastName: 'Kamau',
  Gender: 'Female',
  DateOfBirth: '1990-05-04',
  IdentificationDocumentNo: '29876543',
  Email: null,
  PhoneNo: null,
  MemberNo: null,
  MemberShipType: null,
  Discipline: 'CIVIL',
  DisciplineDescription: 'Civil Engineering',
  profileTitle: [],
  Nationality: 'KE',
  county: '047',
  City: 'Nairobi',
  Disability: false,
  PWDCardNo: null,
  DisabilityDescription: null,
  memberPracticingFirm: null,
  specialization: 'UNLISTED-CODE',
  confirmed: true,
  details: null,
  pictureFileId: null,
  idFileId: null,
};

const application = {
  profile,
  applicant: null,
  files: [],
  sections: [
    {
      section: 'certification',
      noun: 'Qualification',
      entries: [{ EntryNo: 1, Institution: 'University of Nairobi', CertificateAwarded: 'BENG', UniversityCode: 'UON' }],
    },
  ],
  codeLabels: {
    'countries:KE': 'Kenya',
    'counties:047': 'Nairobi City',
    'qualification-codes:BENG': 'Bachelor of Engineering',
    'universities:UON': 'University of Nairobi',
  },
} as unknown as ReviewApplication;

describe('ProfilePanel', () => {
  it('shows setup codes as their descriptions, in the bio and in the entries, and an unknown code as it is', async () => {
    const text = (await show(application)).textContent ?? '';
    expect(text).toContain('NationalityKenya');
    expect(text).toContain('CountyNairobi City');
    expect(text).toContain('Certificate AwardedBachelor of Engineering');
    expect(text).toContain('SpecializationUNLISTED-CODE');
    expect(text).not.toContain('BENG');
    expect(text).not.toMatch(/Nationality\s*KE/);
  });
});
