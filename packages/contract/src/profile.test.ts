import { describe, expect, it } from 'vitest';
import { certificationSchema, workExperienceSchema } from './profile';

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
