import { crc32, deflateSync } from 'node:zlib';
import type { SectionName } from '@portal/contract';
import sharp from 'sharp';
import { createMember, createUser, signIn, type TestApp } from './harness';
import { type FilePart, type PartValue, postMultipart } from './multipart';

/**
 * A minimal valid one-page PDF (catalogue, page tree, page, cross-reference table), written by hand; with `content`,
 * the page's content stream holds those bytes under that /Filter.
 */
function minimalPdf(content?: { data: Buffer; filter: string }): Buffer {
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]${content ? ' /Contents 4 0 R' : ''} >>`,
  ];
  if (content) {
    const head = `<< /Length ${content.data.length} /Filter ${content.filter} >>\nstream\n`;
    objects.push(Buffer.concat([Buffer.from(head, 'latin1'), content.data, Buffer.from('\nendstream', 'latin1')]));
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0].length;
  const add = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    add(`${i + 1} 0 obj\n`);
    add(body);
    add('\nendobj\n');
  });
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A valid one-page PDF whose page content inflates to `inflated` bytes (twice compressed with `twice`). */
export function pdfInflatingTo(inflated: number, twice = false): Buffer {
  const once = deflateSync(Buffer.alloc(inflated, 0x20), { level: 9 });
  return twice
    ? minimalPdf({ data: deflateSync(once, { level: 9 }), filter: '[/FlateDecode /FlateDecode]' })
    : minimalPdf({ data: once, filter: '/FlateDecode' });
}

/** A PDF the server accepts (it parses uploads); `size` pads it with trailing spaces, which readers ignore. */
export function pdfBytes(size = 0): Buffer {
  const head = minimalPdf();
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
}

/** A PDF+HTML polyglot: a real `%PDF-` header, then an HTML page and no PDF structure at all. */
export const polyglotPdfBytes = () =>
  Buffer.from('%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n', 'latin1');

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

/** PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header claims `width`×`height` over almost no pixel data: cheap to send, ruinous to decode. */
export function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(0))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
