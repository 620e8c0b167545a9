import { describe, expect, it } from 'vitest';
import {
  BIO_FILE_RULES,
  bioSchemaFor,
  certificationSchema,
  employeeSchema,
  facilitySchema,
  fileRequiredMessage,
  refereeSchemaFor,
  refereeWaitingNote,
  SECTION_FIELDS,
  SECTIONS,
  shareholderSchema,
  workExperienceSchema,
} from './profile';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('date rules across fields', () => {
  it('reports an end date before the start date even while another field is still empty', () => {
    const result = workExperienceSchema.safeParse({
      PositionHeld: 'Engineer',
      Sector: '',
      ResponsibilitiesDescription: 'Design',
      NameOfFirm: 'Firm',
      FromDate: '2024-05-01',
      ToDate: '2023-01-01',
    });
    expect(messagesOf(result)).toEqual(['Sector Year is required', 'End Date Cannot be before Start Date']);
  });

  it('uses today when no end date is given, and none while the position is current', () => {
    const base = {
      PositionHeld: 'Engineer',
      Sector: 'ICT',
      ResponsibilitiesDescription: 'Design',
      NameOfFirm: 'Firm',
      FromDate: '2020-01-01',
    };
    expect(workExperienceSchema.parse(base).ToDate).toBe(new Date().toISOString().slice(0, 10));
    expect(workExperienceSchema.parse({ ...base, Current: true, ToDate: '2021-01-01' }).ToDate).toBe('');
  });

  it('checks the qualification end and graduation dates against the start', () => {
    const messages = messagesOf(
      certificationSchema.safeParse({ StartDate: '2020-01-01', EndDate: '2019-01-01', GraduationDate: '2018-01-01' }),
    );
    expect(messages).toContain('End Date Cannot come before Start Date');
    expect(messages).toContain('Graduation Date Cannot come before Start Date');
  });
});

describe('every message at once (issue 16)', () => {
  it('the bio: Title and the disability fields with an empty Gender', () => {
    const result = bioSchemaFor({ boardCaption: false }).safeParse({ Disability: true });
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([
        'Gender is required',
        'Title is required',
        'PWD Card Number is required',
        'Disability Description is required',
      ]),
    );
  });

  it('the referee: Referee Type with an empty Email, only when the board has types', () => {
    expect(messagesOf(refereeSchemaFor(true).safeParse({}))).toEqual(
      expect.arrayContaining(['Email is required', 'Referee Type is required']),
    );
    expect(messagesOf(refereeSchemaFor(false).safeParse({}))).not.toContain('Referee Type is required');
  });

  it('numbers: empty is required, not 0; a negative number has its own message', () => {
    expect(messagesOf(facilitySchema.safeParse({ nameOfEquipment: 'Crane', quantity: '' }))).toEqual(['quantity is required']);
    expect(messagesOf(employeeSchema.safeParse({ code: 'ENG', count: ' ' }))).toEqual(['count is required']);
    expect(messagesOf(employeeSchema.safeParse({ code: 'ENG', count: '-3' }))).toEqual(['count cannot be negative']);
    const holder = { name: 'A', identificationDocumentNo: '123456', type: 'Non Member' };
    expect(messagesOf(shareholderSchema.safeParse({ ...holder, sharesHeld: '' }))).toEqual(['Shares Held is required']);
    expect(messagesOf(shareholderSchema.safeParse({ ...holder, sharesHeld: '-1' }))).toEqual(['Shares Held cannot be negative']);
    expect(shareholderSchema.parse({ ...holder, sharesHeld: '0' }).sharesHeld).toBe(0);
  });

  it('names a missing file', () => {
    expect(fileRequiredMessage(BIO_FILE_RULES.id)).toBe('ID document is required');
    expect(fileRequiredMessage(BIO_FILE_RULES.photo)).toBe('Profile Picture is required');
    expect(SECTIONS.certification.files.map(fileRequiredMessage)).toEqual(['Certificate is required']);
    expect(SECTIONS.facilities.files.map(fileRequiredMessage)).toEqual(['Proof of ownership is required']);
  });
});

describe('the referee checklist note', () => {
  it('says who has answered and who has not, with the real counts', () => {
    expect(refereeWaitingNote({ accepted: 1, pending: 1, rejected: 0 })).toBe('Waiting for referees: 1 accepted, 1 pending');
    expect(refereeWaitingNote({ accepted: 0, pending: 1, rejected: 1 })).toBe(
      'Waiting for referees: 0 accepted, 1 pending, 1 rejected; name 1 more referee',
    );
    expect(refereeWaitingNote({ accepted: 1, pending: 0, rejected: 2 })).toBe('Name 1 more referee: 1 accepted, 0 pending, 2 rejected');
    expect(refereeWaitingNote({ accepted: 0, pending: 0, rejected: 0 })).toBe('Name 2 referees');
  });
});

describe('SECTION_FIELDS (decision 054)', () => {
  it('lists each section schema’s fields in order', () => {
    for (const [name, section] of Object.entries(SECTIONS)) {
      const shape = (section.schema as unknown as { shape?: Record<string, unknown> }).shape;
      expect(SECTION_FIELDS[name as keyof typeof SECTIONS], name).toEqual(Object.keys(shape ?? {}));
    }
  });
});
