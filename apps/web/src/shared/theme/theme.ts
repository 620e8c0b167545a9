import { createTheme } from '@mui/material/styles';
import { type ColorName, readableOn, TEXT_CONTRAST } from '@portal/contract';
import { STATUS_COLORS } from '../ui/status-colors';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
    badge: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    badge?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    accent: true;
  }
}

export { readableOn, TEXT_CONTRAST };

const PAPER = '#ffffff';

type BrandColour = 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning' | 'accent' | 'badge';

/** The light, dark and contrast-text shades Material derives for its own palette colours, for the portal's extra ones. */
function withShades(main: string, name: string) {
  return createTheme({ palette: { contrastThreshold: TEXT_CONTRAST } }).palette.augmentColor({ color: { main }, name });
}

/**
 * The Material theme built from the settings' site colours (part 2 §9 defaults). The organisation picks any
 * colours, so the theme keeps text readable whatever they are: text on a brand colour (a contained button, the
 * app bar, a chip, a badge) is white or near-black, whichever reaches 4.5:1; text *in* a brand colour on the
 * page (text and outlined buttons, links, tabs, outlined chips, coloured captions) is darkened until it does.
 */
export function buildTheme(colors: Record<ColorName, string>) {
  const brand: Record<BrandColour, string> = {
    primary: colors.primary,
    secondary: colors.secondary,
    error: colors.error,
    info: colors.info,
    // Positive states (Active, Accepted, Paid, Verified …) are one semantic green whatever the settings say: the
    // spec's default success colour is the brand red, which made them look like errors (decision 040).
    success: STATUS_COLORS.good,
    warning: colors.warning,
    accent: colors.accent,
    badge: colors.BadgeTheme,
  };
  const textInBrand = Object.fromEntries(
    Object.entries(brand).map(([name, colour]) => [name, readableOn(colour, [PAPER, colors.BackTheme])]),
  ) as Record<BrandColour, string>;
  /** The readable text colour for a component's `color` prop ('secondary' or 'secondary.main'), if it names a brand colour. */
  const brandText = (color: unknown) => {
    const name = typeof color === 'string' ? color.replace(/\.main$/, '') : '';
    return name in textInBrand ? { color: textInBrand[name as BrandColour] } : {};
  };

  return createTheme({
    palette: {
      contrastThreshold: TEXT_CONTRAST,
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      error: { main: brand.error },
      info: { main: brand.info },
      success: { main: brand.success },
      warning: { main: brand.warning },
      accent: withShades(brand.accent, 'accent'),
      badge: withShades(brand.badge, 'badge'),
      background: { default: colors.BackTheme, paper: PAPER },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ ownerState }) =>
            ownerState.variant === 'contained' ? {} : { '&:not(.Mui-disabled)': brandText(ownerState.color ?? 'primary') },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
      // A helper text says what to enter even while its field waits to be enabled, so it stays readable.
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      // A progress bar needs a name (axe aria-progressbar-name); a spinner in a busy button has none of its own.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLink: { styleOverrides: { root: ({ ownerState }) => brandText(ownerState.color ?? 'primary') } },
      MuiTypography: { styleOverrides: { root: ({ ownerState }) => brandText(ownerState.color) } },
      MuiChip: {
        styleOverrides: { root: ({ ownerState }) => (ownerState.variant === 'outlined' ? brandText(ownerState.color) : {}) },
      },
      MuiTab: { styleOverrides: { root: ({ ownerState }) => ({ '&.Mui-selected': brandText(ownerState.textColor ?? 'primary') }) } },
    },
  });
}
