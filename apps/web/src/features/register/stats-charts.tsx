import { Box, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import type { SearchStats } from '@portal/contract';

const MAX_BARS = 8;
const number = new Intl.NumberFormat('en-KE');

/** `profile/search/stats` as simple bar charts: one card per group, one bar per count. */
export function StatsCharts({ stats }: { stats: SearchStats }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        The register at a glance · {number.format(stats.total)} active members
      </Typography>
      <Grid container spacing={2}>
        {stats.groups
          .filter((g) => g.items.length > 0)
          .map((group) => {
            const items = group.items.slice(0, MAX_BARS);
            const max = Math.max(...items.map((i) => i.count), 1);
            return (
              <Grid key={group.key} size={{ xs: 12, md: 6 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
                      {group.title}
                    </Typography>
                    <Stack spacing={1.25} role="list" aria-label={group.title}>
                      {items.map((item) => (
                        <Box key={item.code || item.label} role="listitem">
                          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                            <Typography variant="body2" noWrap title={item.label}>
                              {item.label}
                            </Typography>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {number.format(item.count)}
                            </Typography>
                          </Box>
                          <LinearProgress
                            variant="determinate"
                            value={(item.count / max) * 100}
                            aria-label={`${item.label}: ${item.count}`}
                            sx={{ height: 8, borderRadius: 4 }}
                          />
                        </Box>
                      ))}
                      {group.items.length > MAX_BARS && (
                        <Typography variant="caption" color="text.secondary">
                          and {group.items.length - MAX_BARS} more
                        </Typography>
                      )}
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
      </Grid>
    </Stack>
  );
}
