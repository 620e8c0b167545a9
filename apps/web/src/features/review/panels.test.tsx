import type { ReviewApplication } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfilePanel } from './panels';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root?.unmount());
  container?.remove();
  container = null;
  root = null;
});

function show(data: ReviewApplication): HTMLDivElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  act(() =>
    root?.render(
      <QueryClientProvider client={client}>
        <ProfilePanel data={data} />
      </QueryClientProvider>,
    ),
  );
  return container;
}

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
  it('shows setup codes as their descriptions, in the bio and in the entries, and an unknown code as it is', () => {
    const text = show(application).textContent ?? '';
    expect(text).toContain('NationalityKenya');
    expect(text).toContain('CountyNairobi City');
    expect(text).toContain('Certificate AwardedBachelor of Engineering');
    expect(text).toContain('SpecializationUNLISTED-CODE');
    expect(text).not.toContain('BENG');
    expect(text).not.toMatch(/Nationality\s*KE/);
  });
});
