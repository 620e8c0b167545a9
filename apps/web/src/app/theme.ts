import { createTheme } from '@mui/material/styles';
import type { ColorName } from '@portal/contract';

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

/** The Material theme built from the settings' site colours (part 2 §9 defaults). */
export function buildTheme(colors: Record<ColorName, string>) {
  return createTheme({
    palette: {
      primary: { main: colors.primary },
      secondary: { main: colors.secondary },
      error: { main: colors.error },
      info: { main: colors.info },
      success: { main: colors.success },
      warning: { main: colors.warning },
      accent: { main: colors.accent },
      badge: { main: colors.BadgeTheme },
      background: { default: colors.BackTheme },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}
