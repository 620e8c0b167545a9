import type { SectionName } from '@portal/contract';
import sharp from 'sharp';
import { createMember, createUser, signIn, type TestApp } from './harness';
import { type FilePart, type PartValue, postMultipart } from './multipart';

/** The smallest thing the server accepts as a PDF: it checks the %PDF- signature. */
export function pdfBytes(size = 0): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
}

export const pdf = (filename = 'document.pdf', content = pdfBytes()): FilePart => ({ filename, contentType: 'application/pdf', content });

/** A real photo made with sharp; `orientation` writes the EXIF tag (6: stored sideways, shown upright). */
export async function photoBytes(width: number, height: number, options: { format?: 'png' | 'jpeg'; orientation?: number } = {}) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  if (options.format === 'png') return image.png().toBuffer();
  return image
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: options.orientation ?? 1, exif: { IFD0: { Copyright: 'Camera metadata', Artist: 'Someone' } } })
    .toBuffer();
}

export const photo = async (filename = 'photo.jpg', width = 800, height = 600): Promise<FilePart> => ({
  filename,
  contentType: 'image/jpeg',
  content: await photoBytes(width, height),
});

/** A valid bio form (the board caption applies by default: no title needed, the ID PDF is). */
export function bioFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    LastName: 'Kamau',
    FirstName: 'Wanjiku',
    SecondName: 'njeri',
    Gender: 'Female',
    profileTitle: JSON.stringify(['Mr.']),
    DateOfBirth: '1990-05-04',
    IdentificationDocumentNo: '29876543',
    Nationality: 'KE',
    county: '047',
    City: 'NRB-NAIROBI',
    Discipline: 'CIVIL',
    Disability: 'false',
    ...overrides,
  };
}

export function firmFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    FirstName: 'Acme Consulting Engineers',
    PhoneNo: '0712345678',
    PhoneNo2: '0202345678',
    Address: 'P.O. Box 100-00100',
    Address2: 'Upper Hill',
    faxNo: '0202345679',
    VATRegNo: 'VAT0012',
    houseNo: '12',
    blockNo: 'B',
    lrNo: '209/123',
    streetName: 'Hospital Road',
    City: 'Nairobi',
    ...overrides,
  };
}

/** A signed-in applicant of `category` with a saved bio, photo and ID. */
export async function createIndividual(t: TestApp, category = 'GRADUATE') {
  const user = await createUser(t.db, { category });
  const token = await signIn(t, user.email);
  const response = await postMultipart(t, '/api/profile', { ...bioFields(), Image: await photo(), ID: pdf('id.pdf') }, token);
  if (response.status !== 200) throw new Error(`bio not saved: ${JSON.stringify(response.body)}`);
  return { user, token, profileId: response.body.data.ProfileID as string };
}

/** A signed-in firm with its details saved. */
export async function createFirm(t: TestApp) {
  const user = await createUser(t.db, { type: 'Corporate', category: 'CORPORATE' });
  const token = await signIn(t, user.email);
  const response = await postMultipart(t, '/api/profile/firmBio', { ...firmFields(), Image: await photo() }, token);
  if (response.status !== 200) throw new Error(`firm not saved: ${JSON.stringify(response.body)}`);
  return { user, token, profileId: response.body.data.ProfileID as string };
}

/** A registered member who can be named as a referee or director. */
export async function registeredMember(t: TestApp) {
  const { profile } = await createMember(t.db);
  return profile.memberNo as string;
}

/** A valid entry for each section; files are added by `sectionFiles`. */
export function sectionSample(section: SectionName, memberNo = ''): Record<string, string> {
  const samples: Record<SectionName, Record<string, string>> = {
    contact: {
      Type: 'Personal',
      Email: 'wanjiku@example.com',
      PhoneNo: '0712345678',
      Address: 'P.O. Box 1-00100',
      PostCode: '00100',
      Address2: 'Westlands',
      Country_Code: 'KE',
      County: '047',
      City: 'NRB-NAIROBI',
    },
    'work-experience': {
      PositionHeld: 'Site Engineer',
      Sector: 'PRIVATE',
      ResponsibilitiesDescription: 'Supervision of road works',
      NameOfFirm: 'Acme Builders',
      FromDate: '2019-02-01',
      Current: 'true',
    },
    certification: {
      Type: 'Educational',
      Category: 'Local',
      Institution: 'University of Nairobi',
      UniversityCode: 'UON',
      AreaOfSpecialization: 'Civil Engineering',
      CertificateAwarded: 'BENG',
      CertificateNo: 'UON/123',
      CertificationClass: 'Second Upper',
      CompletionYear: '2014',
      StartDate: '2009-09-01',
      EndDate: '2014-07-01',
      GraduationDate: '2014-12-01',
    },
    referee: { Name: 'Jane Mwangi', Email: 'Jane@Example.com', PhoneNo: '0712000001', MemberNo: memberNo, refereeType: 'PROPOSER' },
    institution: {
      Institution: 'Institution of Engineers of Kenya',
      memberNo: 'IEK-1234',
      membershipType: 'Corporate',
      yearOfRegistration: '2016',
    },
    attachments: { description: 'CR12', fileName: 'cr12.pdf' },
    specialization: { Description: 'Structural design' },
    directors: { name: 'Otieno Ouma', identificationDocumentNo: '21876543', discipline: 'CIVIL', type: 'Non Member' },
    shareholders: { name: 'Otieno Ouma', identificationDocumentNo: '21876543', discipline: 'CIVIL', type: 'Non Member', sharesHeld: '60' },
    services: { service: 'DESIGN', description: 'Structural design of buildings' },
    employees: { code: 'ENGINEERS', count: '4' },
    facilities: { nameOfEquipment: 'Total station', quantity: '2', remarks: 'Owned' },
    bankers: { name: 'Kenya Commercial Bank', address: 'Moi Avenue, Nairobi' },
    convictions: { ConvictionDate: '2012-03-01', Offence: 'Late filing', SentenceImposed: 'Fine' },
  };
  return samples[section];
}

export function sectionFiles(section: SectionName): Record<string, FilePart> {
  const fields: Partial<Record<SectionName, string>> = {
    certification: 'File',
    institution: 'attachment',
    attachments: 'attachment',
    facilities: 'ownership',
  };
  const field = fields[section];
  return field ? { [field]: pdf(`${section}.pdf`) } : {};
}

export async function addEntry(t: TestApp, token: string, section: SectionName, parts: Record<string, PartValue>) {
  return postMultipart(t, `/api/profile/${section}`, parts, token);
}
