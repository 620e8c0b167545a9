import { type ColorName, darkenColour, lightenColour, readableOn, textOn } from '@portal/contract';
import { useLayoutEffect } from 'react';
import { STATUS_COLORS } from '../ui/status-colors';

const PAPER = '#ffffff';

/** Material's standard alert for a colour: its light shade (20 % lighter) darkened 60 % as ink, lightened 90 % as tint. */
function alertShades(main: string) {
  const light = lightenColour(main, 0.2);
  return { ink: darkenColour(light, 0.6), tint: lightenColour(light, 0.9) };
}

/**
 * The custom properties lite.css draws with, from the settings' colours: the same choices app/theme.ts makes for
 * MUI (text on a colour white or near-black, text in a colour darkened until it reads on paper and the page).
 */
export function brandProperties(colors: Record<ColorName, string>): Record<string, string> {
  const primaryText = readableOn(colors.primary, [PAPER, colors.BackTheme]);
  const properties: Record<string, string> = {
    '--lt-primary': colors.primary,
    '--lt-on-primary': textOn(colors.primary),
    '--lt-primary-text': primaryText,
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

/** Keeps <html>'s colour properties in step with the settings. */
export function useBrandColours(colors: Record<ColorName, string>) {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(brandProperties(colors))) style.setProperty(name, value);
  }, [colors]);
}
