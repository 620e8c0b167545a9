import * as z from 'zod';
import { phoneRule } from './auth';
import { LICENSE_ADMIN_STATUSES, LICENSE_STATUSES, licenseMessages } from './licenses-values';
import { TEXT_LIMITS as L } from './limits';
import { membershipCommentSchema } from './members';
import { messages } from './messages';

export * from './licenses-values';

const req = (max: number) =>
  z.string({ error: licenseMessages.required }).trim().min(1, licenseMessages.required).max(max, messages.valueTooLong);
/** The Licence details tab (part 2 §5), used by the wizard and by POST /api/license. */
export const licenseDetailsSchema = z.object({
  startDate: z
    .string({ error: licenseMessages.required })
    .trim()
    // An empty field is told it is required, once, not also that it has the wrong shape.
    .min(1, { message: licenseMessages.required, abort: true })
    .max(L.short, messages.valueTooLong)
    .regex(/^\d{4}-\d{2}-\d{2}$/, licenseMessages.required),
  practitionerSurname: req(L.name),
  practitionerOtherNames: req(L.name),
  practitionerAddress: req(L.text),
  practiceName: req(L.text),
  postalCode: req(L.text),
  physicalLocation: req(L.text),
  countryCode: req(L.code),
  city: req(L.name),
  county: req(L.code),
  // Every usual way of writing a number, kept in the one stored form (decision 040), with part 2 §5's messages.
  practitionerPhone: phoneRule(licenseMessages.phoneRequired, 'any', licenseMessages.phoneFormat),
  practitionerEmail: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, { message: messages.emailRequired, abort: true })
    .max(L.email, messages.emailTooLong)
    .regex(/^\S+@\S+\.\S+$/, messages.emailInvalid),
});
export type LicenseDetailsInput = z.input<typeof licenseDetailsSchema>;
export type LicenseDetails = z.output<typeof licenseDetailsSchema>;

/** POST /api/license: the application object; `licenseApplicationNo` updates a draft. The declaration must be ticked. */
export const licenseSaveRequest = licenseDetailsSchema.extend({
  licenseApplicationNo: z.string().trim().max(L.code, messages.valueTooLong).optional(),
  declaration: z.literal(true, { error: licenseMessages.declarationRequired }),
  description: z.string().max(L.text, messages.valueTooLong).optional(),
  amount: z.union([z.number(), z.string().max(L.short, messages.valueTooLong)]).optional(),
  memberCategory: z.string().max(L.code, messages.valueTooLong).optional(),
  phoneNo: z.string().max(L.phone, messages.valueTooLong).optional(),
  email: z.string().max(L.email, messages.valueTooLong).optional(),
});
export type LicenseSaveRequest = z.input<typeof licenseSaveRequest>;

/** An issued licence as its holder and the back office see it. */
export const licenseSchema = z.object({
  licenseNo: z.string(),
  year: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(LICENSE_STATUSES),
  statusReason: z.string().nullable(),
  categoryCode: z.string(),
  /** The licence certificate's verification number. */
  documentNo: z.string().nullable(),
});
export type License = z.infer<typeof licenseSchema>;

/** A licence application (part 2 §3 Licence application). The signed scan is a file, never base64 in a row. */
export const licenseApplicationSchema = z.object({
  licenseApplicationNo: z.string(),
  description: z.string(),
  profileID: z.string().nullable(),
  applicationDate: z.string(),
  amount: z.number(),
  memberCategory: z.string(),
  /** The practising year applied for. */
  year: z.number(),
  type: z.enum(['New', 'Renewal']),
  status: z.string(),
  Submitted: z.boolean(),
  returnedAt: z.string().nullable(),
  details: licenseDetailsSchema.partial(),
  proFormaRef: z.string().nullable(),
  receiptNo: z.string().nullable(),
  /** Whether the signed application has been uploaded (the spec's `licenseBase64` content exists). */
  hasSignedDocument: z.boolean(),
  signedFileId: z.string().nullable(),
  membershipComments: z.array(membershipCommentSchema),
  /** The licence once approved. */
  license: licenseSchema.nullable(),
});
export type LicenseApplication = z.infer<typeof licenseApplicationSchema>;

/** GET /api/license/profile: what the wizard prefills and whether the member may apply now. */
export const licenseProfileSchema = z.object({
  memberNo: z.string().nullable(),
  memberCategory: z.string().nullable(),
  categoryDescription: z.string().nullable(),
  memberType: z.enum(['Individual', 'Corporate']),
  amount: z.number().nullable(),
  currency: z.string(),
  /** The year an application made today is for, and whether it is a renewal. */
  year: z.number(),
  type: z.enum(['New', 'Renewal']),
  /** Why the member cannot apply now, or null. */
  blockedReason: z.string().nullable(),
  /** A draft or returned application to continue, if any. */
  openApplicationNo: z.string().nullable(),
  current: licenseSchema.nullable(),
  prefill: licenseDetailsSchema.partial(),
});
export type LicenseProfile = z.infer<typeof licenseProfileSchema>;

/** GET /api/admin/licenses: the back office's licence register. */
export const adminLicenseQuery = z.object({
  status: z.enum(LICENSE_STATUSES).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  search: z.string().trim().max(100, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminLicenseSchema = licenseSchema.extend({
  holderName: z.string(),
  memberNo: z.string().nullable(),
  applicationCode: z.string(),
  issuedAt: z.string(),
});
export type AdminLicense = z.infer<typeof adminLicenseSchema>;
export const adminLicensePageSchema = z.object({
  items: z.array(adminLicenseSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminLicensePage = z.infer<typeof adminLicensePageSchema>;

/** POST /api/admin/licenses/{licenseNo}/status: suspend, revoke or reinstate, always with a reason. */
export const licenseStatusRequest = z.object({
  status: z.enum(LICENSE_ADMIN_STATUSES, { error: 'Unknown status' }),
  reason: z
    .string({ error: licenseMessages.reasonRequired })
    .trim()
    .min(1, licenseMessages.reasonRequired)
    .max(L.description, messages.valueTooLong),
});
export type LicenseStatusRequest = z.input<typeof licenseStatusRequest>;
