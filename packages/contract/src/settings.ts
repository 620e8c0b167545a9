import * as z from 'zod';

/** Feature links an administrator can install (part 2 §2.8). */
export const PACKAGES = [
  'Dashboard',
  'Profile',
  'CPD',
  'Application',
  'Subscription',
  'Upgrade',
  'License',
  'Billing',
  'Certificate',
  'MyProjects',
  'Events',
] as const;
export type PackageName = (typeof PACKAGES)[number];

export const COLOR_NAMES = ['primary', 'secondary', 'accent', 'error', 'info', 'success', 'warning', 'BackTheme', 'BadgeTheme'] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

/** Default theme colours, part 2 §9. */
export const DEFAULT_COLORS: Record<ColorName, string> = {
  primary: '#9F232D',
  secondary: '#F5852C',
  accent: '#654343',
  error: '#b71c1c',
  info: '#2196F3',
  success: '#9F232D',
  warning: '#FFC107',
  BackTheme: '#E5E7E9',
  BadgeTheme: '#FFD700',
};

export const minorSettingsSchema = z.object({
  login_caption: z.string().catch('Member Portal'),
  organisation_caption: z.string().catch('ERB'),
  referee_disclaimer: z.boolean().catch(false),
  referee_disclaimer_caption: z.string().catch(''),
  registration: z.boolean().catch(true),
  license_alternative_caption: z.string().catch('License'),
  countyField: z.boolean().catch(true),
  practicing_firm: z.boolean().catch(false),
  inactivityLogout: z.boolean().catch(false),
  certificate_of_good_standing: z.boolean().catch(true),
  certificate_of_good_standing_caption: z.string().catch('Certificate of Good Standing'),
  acceptance_letter_caption: z.string().catch('Acceptance Letter'),
  showWorkPlace: z.boolean().catch(true),
  /** Prefix of the member numbers assigned when an application is released (decisions.md §4). */
  member_number_prefix: z
    .string()
    .regex(/^[A-Z]{1,6}$/)
    .catch('ERB'),
  /** Days between reminders to a referee who has not answered. */
  referee_reminder_days: z.number().int().min(1).max(90).catch(7),
  /** The first year of the CPD dashboard's year list (part 2 §2.1). */
  cpd_start_year: z.number().int().min(1990).max(2100).catch(2018),
});
export type MinorSettings = z.infer<typeof minorSettingsSchema>;

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
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export function parseMinorSettings(text: string | null | undefined): MinorSettings {
  let raw: unknown = {};
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    raw = {};
  }
  // Each field falls back to its own default: one bad value never resets the others.
  return minorSettingsSchema.parse(raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
}

export function colorsToRecord(colors: SiteColor[]): Record<ColorName, string> {
  const out = { ...DEFAULT_COLORS };
  for (const c of colors) {
    if ((COLOR_NAMES as readonly string[]).includes(c.colorName)) out[c.colorName as ColorName] = c.color;
  }
  return out;
}

/** The body's own abbreviation: when organisation_caption equals it, the board's rules apply (part 1 §6). */
export const BOARD_CAPTION = 'ERB';
