import * as z from 'zod';
import { REGISTER_SANCTIONS } from './complaints-values';
import { DEFAULT_MINOR_SETTINGS, type MinorSettings } from './settings-values';

export const minorSettingsSchema = z.object({
  login_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.login_caption),
  organisation_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.organisation_caption),
  referee_disclaimer: z.boolean().catch(DEFAULT_MINOR_SETTINGS.referee_disclaimer),
  referee_disclaimer_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.referee_disclaimer_caption),
  registration: z.boolean().catch(DEFAULT_MINOR_SETTINGS.registration),
  license_alternative_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.license_alternative_caption),
  countyField: z.boolean().catch(DEFAULT_MINOR_SETTINGS.countyField),
  practicing_firm: z.boolean().catch(DEFAULT_MINOR_SETTINGS.practicing_firm),
  inactivityLogout: z.boolean().catch(DEFAULT_MINOR_SETTINGS.inactivityLogout),
  certificate_of_good_standing: z.boolean().catch(DEFAULT_MINOR_SETTINGS.certificate_of_good_standing),
  certificate_of_good_standing_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.certificate_of_good_standing_caption),
  acceptance_letter_caption: z.string().catch(DEFAULT_MINOR_SETTINGS.acceptance_letter_caption),
  showWorkPlace: z.boolean().catch(DEFAULT_MINOR_SETTINGS.showWorkPlace),
  /** Prefix of the member numbers assigned when an application is released (decisions.md §4). */
  member_number_prefix: z
    .string()
    .regex(/^[A-Z]{1,6}$/)
    .catch(DEFAULT_MINOR_SETTINGS.member_number_prefix),
  /** Days between reminders to a referee who has not answered. */
  referee_reminder_days: z.number().int().min(1).max(90).catch(DEFAULT_MINOR_SETTINGS.referee_reminder_days),
  /** The first year of the CPD dashboard's year list (part 2 §2.1). */
  cpd_start_year: z.number().int().min(1990).max(2100).catch(DEFAULT_MINOR_SETTINGS.cpd_start_year),
  approver_campaigns: z.boolean().catch(DEFAULT_MINOR_SETTINGS.approver_campaigns),
  complaint_notice_days: z.number().int().min(1).max(365).catch(DEFAULT_MINOR_SETTINGS.complaint_notice_days),
  complaint_appeal_days: z.number().int().min(1).max(365).catch(DEFAULT_MINOR_SETTINGS.complaint_appeal_days),
  register_sanctions: z.enum(REGISTER_SANCTIONS).catch(DEFAULT_MINOR_SETTINGS.register_sanctions),
}) satisfies z.ZodType<MinorSettings>;

export const siteColorSchema = z.object({ colorName: z.string(), color: z.string() });
export type SiteColor = z.infer<typeof siteColorSchema>;

export const publicSettingsSchema = z.object({
  id: z.number().nullable(),
  site_colors: z.array(siteColorSchema),
  site_installed_packages: z.array(z.string()),
  /** JSON text, as the spec stores it. */
  minor_settings: z.string(),
  /** Whether forms must carry a solved bot-check challenge (voterToken). */
  bot_check: z.boolean(),
  /** Idle time before the inactivity logout, when the inactivityLogout setting is on (part 2 §9: 300000). */
  inactivity_timeout_ms: z.number(),
  /** `minor_settings` parsed, each field falling back to its default. */
  minor: minorSettingsSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
