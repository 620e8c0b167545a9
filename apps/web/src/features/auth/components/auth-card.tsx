import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
  width = 480,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Card sx={{ maxWidth: width, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
