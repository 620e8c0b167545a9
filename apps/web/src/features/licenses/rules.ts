import {
  type ChecklistItem,
  LICENSE_UPLOAD_MAX_BYTES,
  type LicenseApplication,
  type LicenseStatus,
  licenseMessages,
} from '@portal/contract';

export interface LicenseRowActions {
  /** The invoice button's label: Proforma until a receipt exists, then Invoice; null without a proforma reference. */
  invoice: 'Proforma' | 'Invoice' | null;
  payNow: boolean;
  receipt: boolean;
  /** The issued licence's certificate. */
  licence: boolean;
}

/**
 * Row actions of /license (part 2 §2.4, §4); View is always there. A pro-forma reference means an invoice exists;
 * no receipt means unpaid, and the fee can be paid once the signed application has been uploaded.
 */
export function licenseActions(
  a: Pick<LicenseApplication, 'proFormaRef' | 'receiptNo' | 'hasSignedDocument' | 'license'>,
): LicenseRowActions {
  return {
    invoice: a.proFormaRef ? (a.receiptNo ? 'Invoice' : 'Proforma') : null,
    payNow: !a.receiptNo && a.hasSignedDocument,
    receipt: Boolean(a.receiptNo),
    licence: Boolean(a.license),
  };
}

/**
 * Whether the document page offers the signed upload: a saved application not yet uploaded, or one a reviewer
 * returned, which is submitted again with a new signed scan.
 */
export function awaitsSignedUpload(a: Pick<LicenseApplication, 'Submitted' | 'hasSignedDocument' | 'returnedAt'>): boolean {
  return !a.Submitted && (!a.hasSignedDocument || a.returnedAt !== null);
}

/**
 * Where a licence requirement is completed: a profile item in the checklist feature's editor; good standing in
 * Billing and last year's CPD in My Cpd (decision 032); nowhere for the category itself, which only an upgrade changes.
 */
export function completeRoute(item: Pick<ChecklistItem, 'code'>): string | null {
  if (item.code === 'GOOD_STANDING') return '/billing';
  if (item.code.startsWith('CPD_')) return '/cpd';
  if (item.code === 'LICENSABLE') return null;
  return `/checklist/component/${encodeURIComponent(item.code)}?type=License`;
}

/** New is refused with the profile's reason, unless there is an application to continue. */
export function canStartLicense(profile: { blockedReason: string | null; openApplicationNo: string | null }): boolean {
  return Boolean(profile.openApplicationNo) || !profile.blockedReason;
}

/**
 * The signed upload (part 2 §5, §9): a PDF of at most LICENSE_UPLOAD_MAX_BYTES. Anything else gets the spec's
 * single toast, which says 2MB although the limit is 3 MB (both kept as the spec states them).
 */
export function uploadRefusal(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const pdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
  return pdf && file.size <= LICENSE_UPLOAD_MAX_BYTES ? null : licenseMessages.fileTooLarge;
}

/** A download name made of a prefix and a number, e.g. LICENSE-APPLICATION-APP000123.pdf. */
export const pdfName = (prefix: string, no: string) => `${prefix}-${no.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;

/** What an administrator may set a licence to: suspend or revoke a live one, reinstate a suspended one. */
export function adminLicenseMoves(status: LicenseStatus): ('Suspended' | 'Revoked' | 'Active')[] {
  if (status === 'Active') return ['Suspended', 'Revoked'];
  if (status === 'Suspended') return ['Active', 'Revoked'];
  return [];
}

export const MOVE_LABELS = { Suspended: 'Suspend', Revoked: 'Revoke', Active: 'Reinstate' } as const;
