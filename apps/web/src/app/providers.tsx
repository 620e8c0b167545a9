import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/client';
import { useBrandColours } from '../shared/lite/brand-colours';
import { useSettings } from '../shared/settings/use-settings';
import { ToastProvider } from '../shared/ui/toast';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** The settings' colours on <html> for lite.css; MUI's theme comes with the first page drawn with MUI (decision 043). */
function BrandColours({ children }: { children: ReactNode }) {
  const { colors } = useSettings();
  useBrandColours(colors);
  return <ToastProvider>{children}</ToastProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandColours>{children}</BrandColours>
    </QueryClientProvider>
  );
}
