import type { LicenseDetails } from '@portal/contract';

/** The licence details' labels (part 2 §5), as the wizard asks for them and the back office shows them. */
export const LICENSE_DETAIL_LABELS: Record<keyof LicenseDetails, string> = {
  startDate: 'Start Date',
  practitionerSurname: 'Practitioner Surname',
  practitionerOtherNames: 'Other Names',
  practitionerAddress: 'Practitioner Address',
  practiceName: 'Practice Name',
  postalCode: 'Postal Address',
  physicalLocation: 'Physical Address',
  countryCode: 'Country',
  county: 'County',
  city: 'City',
  practitionerPhone: 'Practitioner Phone',
  practitionerEmail: 'Practitioner E-mail',
};

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A licence's last day (YYYY-MM-DD) as people read it: '31 December 2026'; anything else as it came. */
export function licenseDate(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : longDate.format(date);
}
