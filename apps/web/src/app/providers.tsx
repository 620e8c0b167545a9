import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ApiError } from '../shared/api/client';
import { useSettings } from '../shared/settings/use-settings';
import { ToastProvider } from '../shared/ui/toast';
import { buildTheme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

function SettingsTheme({ children }: { children: ReactNode }) {
  const { colors } = useSettings();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsTheme>{children}</SettingsTheme>
    </QueryClientProvider>
  );
}
