/** The plain values of licenses.ts (constants, messages, small functions): importable without zod (decision 054). */

import type { LicenseDetails } from './licenses';
import { messages } from './messages';

/**
 * Practising licences (part 2 §2.4, §4, §5, §7 license/…; decisions.md §9; decision 032). A licence application is
 * an application of kind Licence in the back office; approval issues a licence for one practising year.
 */

/** The signed upload (part 2 §5, §9): PDF only, at most 3,145,728 bytes, and the toast keeps the spec's '2MB'. */
export const LICENSE_UPLOAD_MAX_BYTES = 3_145_728;

/** Licence states: Active until 31 December of its year; Lapsed after it; Suspended or Revoked by an administrator. */
export const LICENSE_STATUSES = ['Active', 'Suspended', 'Revoked', 'Lapsed'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** What an administrator may set: suspend, revoke, or reinstate a suspended licence. */
export const LICENSE_ADMIN_STATUSES = ['Suspended', 'Revoked', 'Active'] as const;

/** Renewal for next year opens on this day of the year (1 November). */
export const LICENSE_RENEWAL_OPENS = { month: 11, day: 1 } as const;

export const licenseMessages = {
  required: 'Required field',
  phoneRequired: messages.fieldRequired,
  phoneFormat: 'Invalid phone number format',
  fileTooLarge: 'File too large. max allowed size is 2MB',
  pdfOnly: 'Only a PDF file can be uploaded',
  uploadHelp: 'Download the application to sign/stamp then upload the scanned pdf document',
  attachLabel: 'Attach Signed/Stamped File',
  uploadButton: 'Upload Application',
  saved: 'License application saved',
  uploaded: 'Signed application uploaded. Pay the licence fee so that it can be reviewed.',
  notFound: 'License application not found',
  licenseNotFound: 'License not found',
  notMember: 'Only registered members can apply for a practising licence',
  notLicensable: (category: string) => `Members of category ${category} cannot hold a practising licence`,
  noCharge: 'No licence fee is configured for your category. Please contact the administrator.',
  alreadyHeld: (year: number) => `You already hold the ${year} licence. Renewal for the next year opens on 1 November.`,
  alreadyApplied: (year: number) => `You already have a licence application for ${year}`,
  checklistIncomplete: 'Complete every licence requirement before you submit',
  notEditable: 'This application has been submitted and can no longer be changed',
  alreadyUploaded: 'The signed application has already been uploaded',
  notApproved: 'The licence is available once the application has been approved',
  declarationRequired: 'Required field',
  reasonRequired: 'Give the reason',
  yearOver: (year: number) => `The ${year} practising year is over: the member should apply for the current year`,
  statusChanged: (status: string) => `Licence ${status === 'Active' ? 'reinstated' : status.toLowerCase()}`,
  transitionNotAllowed: (from: string, to: string) => `A ${from.toLowerCase()} licence cannot be set to ${to}`,
} as const;

/** The details' labels (part 2 §5), as the wizard asks for them, the back office shows them and the PDF prints them. */
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

/** Whether a licence lets its holder practise on a day (ISO date): Active and within its year. */
export function licenseIsCurrent(license: { status: string; validFrom: string; validTo: string }, day: string): boolean {
  return license.status === 'Active' && license.validFrom <= day && day <= license.validTo;
}
