import * as z from 'zod';
import { AUDIT_ACTIONS, HEX_COLOR } from './admin-values';
import { phoneRule } from './auth';
import { REGISTER_SANCTIONS } from './complaints-values';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import { COLOR_NAMES, PACKAGES } from './settings-values';

export * from './admin-values';

/** A form-data field may carry JSON text; JSON bodies carry the value itself. */
function jsonText<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);
}

export const siteColorsInput = z
  .array(
    z.object({
      colorName: z.enum(COLOR_NAMES, { error: 'Unknown colour name' }),
      color: z.string().regex(HEX_COLOR, 'Colour must be a hex value such as #9F232D').max(L.colour, messages.valueTooLong),
    }),
  )
  .refine((list) => new Set(list.map((c) => c.colorName)).size === list.length, 'Each colour may appear once');

export const installedPackagesInput = z
  .array(z.enum(PACKAGES, { error: 'Unknown feature link' }))
  .refine((list) => new Set(list).size === list.length, 'Each link may appear once');

/** Strict shape for saving: every minor setting with its type (part 2 §2.8). */
export const minorSettingsInput = z.object({
  login_caption: z.string().trim().min(1, messages.fieldRequired).max(80, messages.valueTooLong),
  organisation_caption: z.string().trim().min(1, messages.fieldRequired).max(20, messages.valueTooLong),
  referee_disclaimer: z.boolean(),
  referee_disclaimer_caption: z.string().max(2000, messages.valueTooLong),
  registration: z.boolean(),
  license_alternative_caption: z.string().trim().min(1, messages.fieldRequired).max(40, messages.valueTooLong),
  countyField: z.boolean(),
  practicing_firm: z.boolean(),
  inactivityLogout: z.boolean(),
  certificate_of_good_standing: z.boolean(),
  certificate_of_good_standing_caption: z.string().trim().min(1, messages.fieldRequired).max(80, messages.valueTooLong),
  acceptance_letter_caption: z.string().trim().min(1, messages.fieldRequired).max(80, messages.valueTooLong),
  showWorkPlace: z.boolean(),
  member_number_prefix: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,6}$/, 'Use 1 to 6 capital letters')
    .max(L.short, messages.valueTooLong),
  referee_reminder_days: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days'),
  cpd_start_year: z.coerce
    .number({ error: 'Enter a year' })
    .int('Enter a year')
    .min(1990, 'From 1990 on')
    .max(2100, 'Enter a year')
    .optional(),
  approver_campaigns: z.boolean().optional(),
  complaint_notice_days: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .optional(),
  complaint_appeal_days: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .optional(),
  register_sanctions: z.enum(REGISTER_SANCTIONS).optional(),
});
export type MinorSettingsInput = z.infer<typeof minorSettingsInput>;

export const adminSettingsRequest = z.object({
  id: z.coerce.number().int().positive().optional(),
  site_colors: jsonText(siteColorsInput),
  site_installed_packages: jsonText(installedPackagesInput),
  minor_settings: jsonText(minorSettingsInput),
});
export type AdminSettingsRequest = z.input<typeof adminSettingsRequest>;

export const adminSettingsSchema = z.object({
  id: z.number().nullable(),
  site_colors: z.array(z.object({ colorName: z.string(), color: z.string() })),
  site_installed_packages: z.array(z.string()),
  minor_settings: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  profile_id: z.string().nullable(),
  id_number: z.string().nullable(),
  phone_no: z.string().nullable(),
  is_admin: z.boolean(),
  is_approver: z.boolean(),
  /** A second factor is on (another administrator may reset it after a lost device). */
  mfa_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuery = z.object({
  search: z.string().trim().max(L.text, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminUsersPage = z.object({
  users: z.array(adminUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** The edit-user dialog (part 2 §5): 'Required.' and 'E-mail must be valid'. */
export const updateUserRequest = z.object({
  email: z
    .string({ error: messages.required })
    .trim()
    .min(1, { message: messages.required, abort: true })
    .regex(/^\S+@\S+\.\S+$/, messages.emailInvalid)
    .max(L.email, messages.emailTooLong)
    .transform((v) => v.toLowerCase()),
  // The account's phone gets the SMS: a mobile number, written any usual way, kept in one form (decision 040).
  phone_no: phoneRule(messages.required, 'mobile'),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const userIdRequest = z.object({ id: z.coerce.number().int().positive() });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  on_behalf_of_id: z.number().nullable(),
  on_behalf_of_email: z.string().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(L.text, messages.valueTooLong).optional(),
  subject: z.string().trim().max(L.text, messages.valueTooLong).optional(),
  from: z.string().date().max(L.short, messages.valueTooLong).optional(),
  to: z.string().date().max(L.short, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPage = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  /** False: `total` is the database's estimate (more than 10,000 entries match). */
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** A checklist requirement row an administrator edits (part 1 §2 Checklist; decisions.md §4). */
export const requirementInput = z.object({
  category: z.string().trim().min(1, messages.fieldRequired).max(L.code, messages.valueTooLong),
  checkListType: z.enum(['Application', 'Upgrade', 'License'], { error: messages.fieldRequired }),
  code: z.string().trim().min(1, messages.fieldRequired).max(L.code, messages.valueTooLong),
  description: z.string().trim().min(1, messages.fieldRequired).max(300, messages.valueTooLong),
  sequence: z.coerce.number().int().min(0).default(0),
});
export const requirementUpdate = z.object({
  id: z.coerce.number().int().positive(),
  description: z.string().trim().min(1, messages.fieldRequired).max(300, messages.valueTooLong),
  sequence: z.coerce.number().int().min(0),
});
export const adminRequirementSchema = z.object({
  id: z.number(),
  category: z.string(),
  checkListType: z.string(),
  code: z.string(),
  description: z.string(),
  sequence: z.number(),
});
export type AdminRequirement = z.infer<typeof adminRequirementSchema>;
