import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { formatKes, type UpgradePlan } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { upgradeChecklistRoute } from './rules';

/** A plan as a card: `title`, the amount in KES, `children`, and Select to the target category's checklist unless `disabled`. */
export function PlanCard({
  plan,
  title,
  chip,
  disabled,
  children,
}: {
  plan: UpgradePlan;
  title: string;
  chip?: ReactNode;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={title} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {chip}
        </Stack>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {formatKes(plan.Amount)}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button
          component={RouterLink}
          to={upgradeChecklistRoute(plan.ToCategory)}
          variant="contained"
          fullWidth
          disabled={disabled}
          aria-label={`Select ${plan.ToCategoryDescription}`}
        >
          Select
        </Button>
      </CardActions>
    </Card>
  );
}

/** The cards side by side where there is room, one under another on a phone. */
export function PlanGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' }, gap: 2 }}>{children}</Box>
  );
}
