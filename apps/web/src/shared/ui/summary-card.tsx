import { Card, CardContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';

/** Whether a list shows as cards: below the md breakpoint, where its table would be wider than the screen. */
export function usePhoneCards(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

/** A phone's card for a row of a list: `head` and `aside` on top, the bold `title`, then `children`. */
export function SummaryCard({
  label,
  head,
  aside,
  title,
  children,
}: {
  label: string;
  head: ReactNode;
  aside: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={label}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          {head}
          {aside}
        </Stack>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}
