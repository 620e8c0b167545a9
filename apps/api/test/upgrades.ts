import type { LicenseSaveRequest, SectionName } from '@portal/contract';
import { nextNumber, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { DAY_MS, nairobiDate } from '../src/shared/dates';
import { createApplication } from './applications';
import { payApplicationFee } from './billing';
import { acceptReferee } from './checklist';
import { awardFor } from './cpd';
import { releaseApplication } from './documents';
import type { TestApp } from './harness';
import { postMultipart } from './multipart';
import { addEntry, createIndividual, pdf, registeredMember, sectionFiles, sectionSample } from './profile';
import { statusUrl } from './review';

/**
 * Upgrade and licence factories (decision 032): registered members with a complete bio who meet the Upgrade or
 * License checklist, licence applications taken through the API, and licences written directly for the jobs.
 */

/** Today in Nairobi, and its year: the practising year and the CPD years are counted from it. */
export const todayNairobi = () => nairobiDate(new Date());
export const thisYear = Number(todayNairobi().slice(0, 4));

/**
 * The Nairobi date `years` years before today, moved `days` further back (a negative `days` moves it forward):
 * yearsAgo(3, 10) is a little over 3 whole years ago, yearsAgo(3, -30) a little under.
 */
export function yearsAgo(years: number, days = 0): string {
  const day = nairobiDate(new Date(Date.now() - days * DAY_MS));
  const shifted = `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
  return shifted.endsWith('-02-29') ? shifted.replace('-02-29', '-02-28') : shifted;
}

export interface RegisteredOptions {
  category?: string;
  /** The membership's registration date (ISO). */
  registeredOn?: string;
  /** A surname of its own, so documents and searches tell members apart. */
  lastName?: string;
}

export type RegisteredIndividual = Awaited<ReturnType<typeof registeredIndividual>>;

/**
 * A signed-in individual with a complete bio (photo and ID), registered through a Released registration
 * application: an Active membership in `category` from `registeredOn`, the member number on the profile.
 */
export async function registeredIndividual(t: TestApp, options: RegisteredOptions = {}) {
  const category = options.category ?? 'GRADUATE';
  const registeredOn = options.registeredOn ?? yearsAgo(4, 10);
  const individual = await createIndividual(t, category);
  if (options.lastName) {
    await t.db.update(schema.profiles).set({ lastName: options.lastName }).where(eq(schema.profiles.profileId, individual.profileId));
  }
  const application = await createApplication(t, individual.user.id, {
    category,
    profileId: individual.profileId,
    status: 'Open',
    submitted: true,
    at: new Date(`${registeredOn}T08:00:00Z`),
  });
  const { memberNo } = await releaseApplication(t, application.code, { registrationDate: registeredOn });
  return { ...individual, memberNo, registrationCode: application.code };
}

/** Adds a profile entry through the API; throws when refused. */
export async function addedEntry(t: TestApp, token: string, section: SectionName, overrides: Record<string, string> = {}) {
  const response = await addEntry(t, token, section, { ...sectionSample(section), ...overrides, ...sectionFiles(section) });
  if (response.status !== 200) throw new Error(`${section} not added: ${JSON.stringify(response.body)}`);
  return response.body.data as { ProfileID: string; EntryNo: number };
}

/** Two referees who are registered members, named and accepted. */
export async function twoAcceptedReferees(t: TestApp, token: string) {
  for (let i = 0; i < 2; i++) {
    const entry = await addedEntry(t, token, 'referee', sectionSample('referee', await registeredMember(t)));
    await acceptReferee(t, entry.ProfileID, entry.EntryNo);
  }
}

/** Structured points in each year: 50 meets every seeded CPD requirement; `short` years get 10 instead. */
export async function cpdInYears(
  t: TestApp,
  member: { profileId: string; memberNo: string },
  years: number[],
  short: number[] = [],
  points = 50,
) {
  for (const year of years) {
    await awardFor(t, member, { period: String(year), points: short.includes(year) ? 10 : points, structured: true });
  }
}

export interface UpgradeReadyOptions extends Omit<RegisteredOptions, 'category'> {
  /** A year among the last three whose CPD requirement is not met. */
  cpdShortYear?: number;
  /** The points of each of the last three years (50 unless told; a graduate needs 25, a professional 50). */
  cpdPoints?: number;
}

/**
 * An Active GRADUATE member with an account, registered more than 3 years ago, the CPD requirement met in each of
 * the last 3 years, a certification, work experience, a personal contact and two accepted referees: every item of
 * the PROFESSIONAL Upgrade checklist passes (unless an option says otherwise).
 */
export async function upgradeReadyGraduate(t: TestApp, options: UpgradeReadyOptions = {}) {
  const member = await registeredIndividual(t, { ...options, category: 'GRADUATE' });
  await addedEntry(t, member.token, 'certification');
  await addedEntry(t, member.token, 'work-experience');
  await addedEntry(t, member.token, 'contact');
  await twoAcceptedReferees(t, member.token);
  const years = [thisYear - 1, thisYear - 2, thisYear - 3];
  await cpdInYears(t, member, years, options.cpdShortYear ? [options.cpdShortYear] : [], options.cpdPoints);
  return member;
}

export interface LicenceReadyOptions extends Omit<RegisteredOptions, 'category'> {
  /** The personal contact's fields (the licence form prefills from it). */
  contact?: Record<string, string>;
  /** Leave last year's CPD short. */
  cpdShort?: boolean;
}

/**
 * An Active member of `category` (PROFESSIONAL by default) in good standing, with last year's CPD met, a
 * personal contact and current work experience: every item of the License checklist passes.
 */
export async function licenceReadyMember(t: TestApp, category = 'PROFESSIONAL', options: LicenceReadyOptions = {}) {
  const member = await registeredIndividual(t, { registeredOn: yearsAgo(5, 10), ...options, category });
  await addedEntry(t, member.token, 'contact', options.contact ?? {});
  await addedEntry(t, member.token, 'work-experience');
  await cpdInYears(t, member, [thisYear - 1], options.cpdShort ? [thisYear - 1] : []);
  return member;
}

/** A valid licence form (POST /api/license) with the declaration ticked. */
export function licenceForm(overrides: Partial<Record<keyof LicenseSaveRequest, unknown>> = {}): Record<string, unknown> {
  return {
    startDate: todayNairobi(),
    practitionerSurname: 'Kamau',
    practitionerOtherNames: 'Wanjiku Njeri',
    practitionerAddress: 'P.O. Box 1-00100',
    practiceName: 'Kamau & Partners',
    postalCode: '00100',
    physicalLocation: 'Westlands',
    countryCode: 'KE',
    city: 'NRB-NAIROBI',
    county: '047',
    practitionerPhone: '0722 123 456',
    practitionerEmail: 'wanjiku@example.com',
    declaration: true,
    ...overrides,
  };
}

/** Saves a licence application (a draft); answers its number. */
export async function savedLicenceApplication(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.call('POST', '/api/license', { token, body: licenceForm(overrides) });
  if (response.status !== 200) throw new Error(`licence application not saved: ${JSON.stringify(response.body)}`);
  return response.body.data.licenseApplicationNo;
}

/** `POST /api/license/update`: the signed scan as a file part (a PDF unless told otherwise). */
export function uploadSigned(t: TestApp, token: string, code: string, file = pdf('signed.pdf')) {
  return postMultipart(t, '/api/license/update', { licenseApplicationNo: code, licenseBase64: file }, token);
}

/** A licence application saved and submitted with its signed scan (Open, invoiced); answers its number. */
export async function submittedLicenceApplication(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const code = await savedLicenceApplication(t, token, overrides);
  const response = await uploadSigned(t, token, code);
  if (response.status !== 200) throw new Error(`signed application not uploaded: ${JSON.stringify(response.body)}`);
  return code;
}

/** Moves a paid application through every stage to Released, as a reviewer would; throws at the first refusal. */
export async function approveThrough(t: TestApp, code: string, token: string) {
  let last: { status: number; body: { data: { message: string } } } | null = null;
  for (const status of ['Verified', 'Committee Review', 'Board Review', 'Released']) {
    const response = await t.call('POST', statusUrl(code), { token, body: { status } });
    if (response.status !== 200) throw new Error(`not moved to ${status}: ${JSON.stringify(response.body)}`);
    last = response;
  }
  return last?.body.data.message ?? '';
}

/** A licence issued through the API: applied for, signed, paid and approved. Answers the application number. */
export async function issuedThroughApi(
  t: TestApp,
  member: { token: string },
  reviewerToken: string,
  overrides: Record<string, unknown> = {},
) {
  const code = await submittedLicenceApplication(t, member.token, overrides);
  await payApplicationFee(t, code);
  await approveThrough(t, code, reviewerToken);
  const [licence] = await t.db.select().from(schema.licenses).where(eq(schema.licenses.applicationCode, code));
  return { code, licence };
}

/**
 * A licence written directly (as approval leaves it), with its Released application, for the lapse and reminder
 * jobs: `year` and `status` as asked.
 */
export async function licenceRow(
  t: Pick<TestApp, 'db'>,
  member: { profileId: string; memberNo: string; user: { id: number } },
  options: { year?: number; status?: 'Active' | 'Suspended' | 'Revoked' | 'Lapsed'; category?: string } = {},
) {
  const year = options.year ?? thisYear;
  const code = await nextNumber(t.db, 'licence-application', 'LCA');
  await t.db.insert(schema.applications).values({
    code,
    kind: 'Licence',
    userId: member.user.id,
    profileId: member.profileId,
    appliedCategory: options.category ?? 'PROFESSIONAL',
    amount: '11600.00',
    applicationDateTime: new Date(`${year}-01-10T08:00:00Z`),
    status: 'Released',
    submitted: true,
    submittedAt: new Date(`${year}-01-10T08:00:00Z`),
    decidedAt: new Date(`${year}-01-12T08:00:00Z`),
    licenseYear: year,
    details: { practiceName: 'Kamau & Partners', type: 'New' },
    assignedMemberNo: member.memberNo,
  });
  const licenseNo = await nextNumber(t.db, `licence:${year}`, `PL-${year}-`, 5);
  const [licence] = await t.db
    .insert(schema.licenses)
    .values({
      licenseNo,
      profileId: member.profileId,
      memberNo: member.memberNo,
      applicationCode: code,
      categoryCode: options.category ?? 'PROFESSIONAL',
      year,
      validFrom: `${year}-01-12`,
      validTo: `${year}-12-31`,
      status: options.status ?? 'Active',
      statusReason: options.status === 'Suspended' ? 'Under investigation' : null,
    })
    .returning();
  return licence;
}

/** Re-reads a licence. */
export async function licenceByNo(t: Pick<TestApp, 'db'>, licenseNo: string) {
  const [row] = await t.db.select().from(schema.licenses).where(eq(schema.licenses.licenseNo, licenseNo));
  return row;
}

/** The signed-in user's row, as the services take it. */
export async function userRow(t: Pick<TestApp, 'db'>, id: number) {
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}
