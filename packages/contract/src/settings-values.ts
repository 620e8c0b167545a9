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
