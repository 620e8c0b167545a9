import { type LicenseDetailsInput, type LicenseProfile, licenseDetailsSchema, parsePhone } from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { and, asc, eq } from 'drizzle-orm';
import { nairobiDate } from '../../shared/dates';
import type { UserRow } from '../../shared/session';
import { licenceDto, licenceSituation } from './common';

const { applications, profileEntries, profiles } = schema;
type ProfileRow = typeof profiles.$inferSelect;
type Prefill = Partial<LicenseDetailsInput>;

/** A phone from the profile or a saved application in the one stored form (decision 040); anything else as it is. */
export function localPhone(phone: string | null | undefined): string {
  return parsePhone(phone) ?? phone ?? '';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const FIELDS = licenseDetailsSchema.shape;
/**
 * Only the values the form's own rules accept: a field the profile leaves empty (no personal contact, no current
 * job) or holds in another shape (a phone of other than ten digits) is left for the member to type, rather than
 * failing the response schema.
 */
function acceptable(prefill: Prefill): Prefill {
  return Object.fromEntries(
    Object.entries(prefill).filter(([key, value]) => key in FIELDS && FIELDS[key as keyof typeof FIELDS].safeParse(value).success),
  );
}

/** An individual: own names, and the personal contact (part 2 §5 Licence prefill). */
async function individualPrefill(db: Db, profile: ProfileRow): Promise<Prefill> {
  const entries = await db
    .select({ section: profileEntries.section, data: profileEntries.data })
    .from(profileEntries)
    .where(eq(profileEntries.profileId, profile.profileId))
    .orderBy(asc(profileEntries.entryNo));
  const contacts = entries.filter((e) => e.section === 'contact').map((e) => e.data);
  const personal = contacts.find((c) => c.Type === 'Personal') ?? contacts[0] ?? {};
  const job = entries.find((e) => e.section === 'work-experience' && e.data.Current === true)?.data ?? {};
  return {
    practitionerSurname: profile.lastName,
    practitionerOtherNames: [profile.firstName, profile.secondName].filter(Boolean).join(' '),
    practitionerPhone: localPhone(text(personal.PhoneNo) || profile.phoneNo),
    practitionerEmail: (text(personal.Email) || profile.email || '').toLowerCase(),
    practitionerAddress: text(personal.Address),
    practiceName: text(job.NameOfFirm),
    postalCode: text(personal.PostCode),
    physicalLocation: text(personal.Address2),
    countryCode: text(personal.Country_Code) || profile.nationality || '',
    county: text(personal.County) || profile.county || '',
    city: text(personal.City) || profile.city || '',
  };
}

/**
 * A firm: the corporate manager's details. The profile keeps no manager of its own, so the manager is the first
 * director (a registered member first), with the firm's own phone, e-mail and address (decision 032).
 */
async function firmPrefill(db: Db, profile: ProfileRow, email: string): Promise<Prefill> {
  const directors = await db
    .select({ data: profileEntries.data })
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, profile.profileId), eq(profileEntries.section, 'directors')))
    .orderBy(asc(profileEntries.entryNo));
  const manager = (directors.find((d) => d.data.type === 'Member') ?? directors[0])?.data ?? {};
  const names = text(manager.name).trim().split(/\s+/).filter(Boolean);
  const details = profile.details ?? {};
  return {
    practitionerSurname: names.length > 1 ? names[names.length - 1] : (names[0] ?? ''),
    practitionerOtherNames: names.slice(0, -1).join(' '),
    practitionerPhone: localPhone(text(details.PhoneNo) || profile.phoneNo),
    practitionerEmail: (profile.email || email).toLowerCase(),
    practitionerAddress: text(details.Address),
    practiceName: profile.firstName,
    postalCode: text(details.Address),
    physicalLocation: [text(details.streetName), text(details.Address2)].filter(Boolean).join(', '),
    countryCode: profile.nationality || 'KE',
    county: profile.county || '',
    city: text(details.City) || profile.city || '',
  };
}

/** GET /api/license/profile: what the wizard prefills, the fee, the year applied for and whether the member may apply. */
export async function licenceProfile(db: Db, user: UserRow, at = new Date()): Promise<LicenseProfile> {
  const situation = await licenceSituation(db, user.profileId, at);
  const [profile] = user.profileId ? await db.select().from(profiles).where(eq(profiles.profileId, user.profileId)) : [];
  const firm = profile?.type === 'Corporate' || user.type === 'Corporate';
  let prefill: Prefill = profile ? (firm ? await firmPrefill(db, profile, user.email) : await individualPrefill(db, profile)) : {};
  // A renewal starts from last year's answers.
  if (situation.previous && !situation.existing) {
    const [last] = await db
      .select({ details: applications.details })
      .from(applications)
      .where(eq(applications.code, situation.previous.applicationCode));
    prefill = { ...prefill, ...Object.fromEntries(Object.entries(last?.details ?? {}).filter(([, v]) => typeof v === 'string' && v)) };
  }
  if (situation.existing) {
    prefill = {
      ...prefill,
      ...Object.fromEntries(Object.entries(situation.existing.details ?? {}).filter(([, v]) => typeof v === 'string' && v)),
    };
  }
  const today = nairobiDate(at);
  const firstDay = `${situation.year}-01-01`;
  if (!situation.existing) prefill.startDate = today > firstDay ? today : firstDay;
  // The phone in its one stored form, whether it came from the profile or from a saved application (decision 040).
  if (prefill.practitionerPhone) prefill.practitionerPhone = localPhone(prefill.practitionerPhone);
  prefill = acceptable(prefill);
  return {
    memberNo: situation.membership?.memberNo ?? profile?.memberNo ?? null,
    memberCategory: situation.membership?.categoryCode ?? null,
    categoryDescription: situation.membership?.categoryDescription ?? null,
    memberType: firm ? 'Corporate' : 'Individual',
    amount: situation.charge ? Number(situation.charge.amount) : null,
    currency: situation.charge?.currency ?? 'KES',
    year: situation.year,
    type: situation.type,
    blockedReason: situation.blockedReason,
    openApplicationNo: situation.existing && !situation.blockedReason ? situation.existing.code : null,
    current: situation.current ? licenceDto(situation.current) : null,
    prefill,
  };
}
