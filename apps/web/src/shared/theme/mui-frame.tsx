import { ThemeProvider } from '@mui/material';
import type { ColorName } from '@portal/contract';
import type { ReactNode } from 'react';
import { useSettings } from '../settings/use-settings';
import { buildTheme } from './theme';

let cached: { key: string; theme: ReturnType<typeof buildTheme> } | null = null;

/** One theme object for the settings' colours, shared by every frame on the page (layouts nest them). */
function themeFor(colors: Record<ColorName, string>) {
  const key = JSON.stringify(colors);
  if (cached?.key !== key) cached = { key, theme: buildTheme(colors) };
  return cached.theme;
}

/**
 * The MUI theme in the settings' colours around a page drawn with MUI. It loads with the first such page, so the
 * dashboard and the app shell, drawn without MUI, never download it (decision 043). lite.css already sets what
 * MUI's CssBaseline would, so there is none here.
 */
export function MuiFrame({ children }: { children: ReactNode }) {
  const { colors } = useSettings();
  return <ThemeProvider theme={themeFor(colors)}>{children}</ThemeProvider>;
}
