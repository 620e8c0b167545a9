import { darkenColour, lightenColour, readableOn, textOn } from './colour-contrast';
import type { ColorName } from './settings-values';

/**
 * Fixed colours for good, bad and pending states (paid, valid, active, in good standing …), whatever the organisation's
 * colours: the settings' success colour is red by default (part 2 §9), which made positive states look like errors.
 * `good` is also the theme's `success` palette colour, so a chip, alert or icon with color 'success' is this green
 * (decision 040). Each reads at 4.5:1 both as white text on it (a chip) and as text in it on white (decision 036).
 */
export const STATUS_COLORS = { good: '#2e7d32', bad: '#c62828', pending: '#b45309' } as const;

const PAPER = '#ffffff';

/** Material's standard alert for a colour: its light shade (20 % lighter) darkened 60 % as ink, lightened 90 % as tint. */
function alertShades(main: string) {
  const light = lightenColour(main, 0.2);
  return { ink: darkenColour(light, 0.6), tint: lightenColour(light, 0.9) };
}

/**
 * The custom properties the web app's lite.css draws with (decision 043), from the settings' colours: the same
 * choices its MUI theme makes (text on a colour white or near-black, text in a colour darkened until it reads on
 * paper and the page).
 */
export function liteColourProperties(colors: Record<ColorName, string>): Record<string, string> {
  const properties: Record<string, string> = {
    '--lt-primary': colors.primary,
    '--lt-on-primary': textOn(colors.primary),
    '--lt-primary-text': readableOn(colors.primary, [PAPER, colors.BackTheme]),
    '--lt-primary-tint': `color-mix(in srgb, ${colors.primary} 8%, transparent)`,
    '--lt-secondary': colors.secondary,
    '--lt-on-secondary': textOn(colors.secondary),
    '--lt-back': colors.BackTheme,
    '--lt-badge': colors.BadgeTheme,
    '--lt-on-badge': 'rgba(0, 0, 0, 0.87)',
    '--lt-info': colors.info,
    '--lt-on-info': textOn(colors.info),
    '--lt-error': colors.error,
    '--lt-error-text': readableOn(colors.error, [PAPER, colors.BackTheme]),
    '--lt-on-error': textOn(colors.error),
    '--lt-warning-main': colors.warning,
    '--lt-on-warning': textOn(colors.warning),
    '--lt-good': STATUS_COLORS.good,
    '--lt-bad': STATUS_COLORS.bad,
    '--lt-warning': STATUS_COLORS.pending,
  };
  const severities = { success: STATUS_COLORS.good, info: colors.info, warning: colors.warning, error: colors.error };
  for (const [name, main] of Object.entries(severities)) {
    const { ink, tint } = alertShades(main);
    properties[`--lt-${name}-ink`] = ink;
    properties[`--lt-${name}-tint`] = tint;
  }
  return properties;
}

/** The same as a style rule for <html>, which the server puts in the web app's page so it paints in them at once. */
export function liteColourCss(colors: Record<ColorName, string>): string {
  const declarations = Object.entries(liteColourProperties(colors)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}`;
}
