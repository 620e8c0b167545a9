import { IMPORT_COLUMNS, type ImportColumn } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';
import { postMultipart } from './multipart';
import { addEntry, createIndividual, sectionSample } from './profile';

/**
 * A member as an application's release leaves one: a portal user with a full bio (photo, titles, date of
 * birth, ID), a current job, the member number on the profile and an Active membership.
 */
export async function releasedMember(t: TestApp, options: { memberNo: string; lastName?: string; category?: string; status?: string }) {
  const applicant = await createIndividual(t, options.category ?? 'GRADUATE');
  const job = await addEntry(t, applicant.token, 'work-experience', { ...sectionSample('work-experience'), NameOfFirm: 'Acme Builders' });
  if (job.status !== 200) throw new Error(`work experience not saved: ${JSON.stringify(job.body)}`);
  const [profile] = await t.db
    .update(schema.profiles)
    .set({ memberNo: options.memberNo, ...(options.lastName ? { lastName: options.lastName } : {}) })
    .where(eq(schema.profiles.profileId, applicant.profileId))
    .returning();
  await t.db.insert(schema.memberships).values({
    profileId: applicant.profileId,
    memberNo: options.memberNo,
    categoryCode: options.category ?? 'GRADUATE',
    status: options.status ?? 'Active',
    registrationDate: '2020-03-01',
  });
  return { ...applicant, profile };
}

export type RegisterRow = Partial<Record<ImportColumn, string>>;

/** A register row with sensible values; override any column. */
export function registerRow(memberNo: string, overrides: RegisterRow = {}): Record<ImportColumn, string> {
  const digits = memberNo.replace(/\D/g, '').padStart(4, '0');
  return {
    MemberNo: memberNo,
    FirstName: 'Grace',
    SecondName: 'Atieno',
    LastName: 'Njoroge',
    IdentificationDocumentNo: `2${digits.padStart(7, '0')}`,
    Email: `member${digits}@example.com`,
    PhoneNo: `0711${digits.padStart(6, '0')}`,
    Category: 'PROFESSIONAL',
    Discipline: 'CIVIL',
    RegistrationDate: '2016-04-12',
    Status: 'Active',
    Type: 'Individual',
    ...overrides,
  };
}

/** CSV text with the register's header; values with commas or quotes are quoted. */
export function registerCsv(rows: Record<string, string>[], columns: readonly string[] = IMPORT_COLUMNS): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c] ?? '')).join(','))].join('\r\n');
}

export function importCsv(t: TestApp, token: string | undefined, csv: string | Buffer, filename = 'register.csv') {
  return postMultipart(
    t,
    '/api/admin/members/import',
    { file: { filename, contentType: 'text/csv', content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) } },
    token,
  );
}
