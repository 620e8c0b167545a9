import { REGISTER_SANCTIONS, type RegisterSanctions } from './complaints-values';

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

/** What each minor setting is when unset or invalid (the schema in ./settings falls back to these). */
export const DEFAULT_MINOR_SETTINGS = {
  login_caption: 'Member Portal',
  organisation_caption: 'ERB',
  referee_disclaimer: false,
  referee_disclaimer_caption: '',
  registration: true,
  license_alternative_caption: 'License',
  countyField: true,
  practicing_firm: false,
  inactivityLogout: false,
  certificate_of_good_standing: true,
  certificate_of_good_standing_caption: 'Certificate of Good Standing',
  acceptance_letter_caption: 'Acceptance Letter',
  showWorkPlace: true,
  member_number_prefix: 'ERB',
  referee_reminder_days: 7,
  cpd_start_year: 2018,
  approver_campaigns: false,
  complaint_notice_days: 21,
  complaint_appeal_days: 30,
  register_sanctions: 'suspensions' as RegisterSanctions,
} satisfies Record<string, string | number | boolean>;

/**
 * The minor settings as the portal uses them (part 2 §2.8). The server parses the stored JSON text once and
 * sends the result as `minor` with the public settings, so the web app needs no schema to read them.
 */
export interface MinorSettings {
  login_caption: string;
  organisation_caption: string;
  referee_disclaimer: boolean;
  referee_disclaimer_caption: string;
  registration: boolean;
  license_alternative_caption: string;
  countyField: boolean;
  practicing_firm: boolean;
  inactivityLogout: boolean;
  certificate_of_good_standing: boolean;
  certificate_of_good_standing_caption: string;
  acceptance_letter_caption: string;
  showWorkPlace: boolean;
  member_number_prefix: string;
  referee_reminder_days: number;
  cpd_start_year: number;
  /** Approvers may write and send campaigns too (issue 29); administrators always may. */
  approver_campaigns: boolean;
  /** Days the engineer has to answer a complaint's notice (issue 30). */
  complaint_notice_days: number;
  /** Days after a decision in which it may be appealed. */
  complaint_appeal_days: number;
  /** What the public register shows of sanctions: none, suspensions and removals, or all. */
  register_sanctions: RegisterSanctions;
}

/** What a stored minor setting must be to be kept; any other value falls back to its default. */
const MINOR_SETTING_RULES: { [K in keyof MinorSettings]?: (value: number | string) => boolean } = {
  member_number_prefix: (value) => typeof value === 'string' && /^[A-Z]{1,6}$/.test(value),
  referee_reminder_days: (value) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 90,
  cpd_start_year: (value) => Number.isInteger(value) && Number(value) >= 1990 && Number(value) <= 2100,
  complaint_notice_days: (value) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 365,
  complaint_appeal_days: (value) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 365,
  register_sanctions: (value) => (REGISTER_SANCTIONS as readonly (string | number)[]).includes(value),
};

/**
 * The stored minor settings' JSON text read, each field falling back to its own default when missing or invalid (one
 * bad value never resets the others), unknown fields left out. Without zod, so the administrators' settings page
 * reads them without loading it (decision 054); `minorSettingsSchema` in ./settings describes the same shape.
 */
export function parseMinorSettings(text: string | null | undefined): MinorSettings {
  let raw: unknown = {};
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    raw = {};
  }
  const stored = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const settings: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULT_MINOR_SETTINGS)) {
    const value = stored[key];
    const rule = MINOR_SETTING_RULES[key as keyof MinorSettings];
    const ok = typeof value === typeof fallback && (!rule || rule(value as number | string));
    settings[key] = ok ? value : fallback;
  }
  return settings as unknown as MinorSettings;
}

/**
 * A colour as CSS writes it (hex, rgb(), hsl() or a name), and nothing else: the colours go into style sheets the
 * server and the web app write, so a value that could close a rule or a tag is never used.
 */
const CSS_COLOUR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%deg]+\)|[a-z]+)$/i;

/** The settings' colours by name; a missing, unknown or malformed one is its default (part 2 §9). */
export function colorsToRecord(colors: { colorName: string; color: string }[]): Record<ColorName, string> {
  const out = { ...DEFAULT_COLORS };
  for (const c of colors) {
    if ((COLOR_NAMES as readonly string[]).includes(c.colorName) && CSS_COLOUR.test(c.color.trim())) {
      out[c.colorName as ColorName] = c.color.trim();
    }
  }
  return out;
}

/** The body's own abbreviation: when organisation_caption equals it, the board's rules apply (part 1 §6). */
export const BOARD_CAPTION = 'ERB';
