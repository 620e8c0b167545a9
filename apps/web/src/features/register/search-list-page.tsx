import { Search } from '@mui/icons-material';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  FormControlLabel,
  Grid,
  LinearProgress,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { encodeBase64, type PublicProfile, registerMessages, searchPageCount, searchTermOf } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSettings } from '../../shared/settings/use-settings';
import { LoadingSpinner } from '../../shared/ui/loading';
import { TextInput } from '../../shared/ui/text-input';
import { useToast } from '../../shared/ui/toast';
import { useRegisterSearch, useRegisterStats } from './api';
import { currentWorkplace, MemberStatusChips, memberName } from './public-member';
import { StatsCharts } from './stats-charts';

function ResultCard({ member, showWorkPlace }: { member: PublicProfile; showWorkPlace: boolean }) {
  const name = memberName(member);
  const workplace = showWorkPlace ? currentWorkplace(member) : null;
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/search/search-card/${encodeURIComponent(encodeBase64(member.ProfileID))}`}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent sx={{ display: 'flex', gap: 2 }}>
          <Avatar src={member.photoUrl ?? undefined} alt={name} sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 26 }}>
            {member.FirstName.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {member.MemberNo} · {member.CategoryDescription}
            </Typography>
            {member.DisciplineDescription && <Typography variant="body2">{member.DisciplineDescription}</Typography>}
            {workplace && (
              <Typography variant="body2" color="text.secondary">
                {workplace}
              </Typography>
            )}
            <Box sx={{ mt: 1 }}>
              <MemberStatusChips member={member} />
            </Box>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The list's address: the term, the page and, when asked, only members licensed to practise. */
function searchParams(term: string, page: number, licensed: boolean): Record<string, string> {
  const params: Record<string, string> = term ? { term } : {};
  if (licensed) params.licensed = 'true';
  if (term || licensed) params.page = String(page);
  return params;
}

/** /search/search-list: the public register by name or member number, 20 a page, and the register's counts. */
export function SearchListPage() {
  const [params, setParams] = useSearchParams();
  const term = searchTermOf(params.get('term'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const licensed = params.get('licensed') === 'true';
  const [input, setInput] = useState(term);
  const toast = useToast();
  const { minor } = useSettings();
  const results = useRegisterSearch(term, page, licensed);
  const stats = useRegisterStats();

  useEffect(() => setInput(term), [term]);
  // Failures show as a danger toast with the server's message (part 1 §8).
  useEffect(() => {
    if (results.error) toast(results.error.message, 'error');
  }, [results.error, toast]);
  useEffect(() => {
    if (stats.error) toast(stats.error.message, 'error');
  }, [stats.error, toast]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = searchTermOf(input);
    // A blank term does nothing (part 1 §5).
    if (!value) return;
    setParams(searchParams(value, 1, licensed));
  }

  const data = results.data;
  const pages = data ? searchPageCount(data.total) : 1;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Member Checker
        </Typography>
        <Typography color="text.secondary">Look up a registered member by name or member number.</Typography>
      </Box>
      <Box>
        <Box component="form" onSubmit={submit} role="search" sx={{ display: 'flex', gap: 1, maxWidth: 640 }}>
          <TextInput
            label="Search"
            placeholder={registerMessages.searchPlaceholder}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            htmlInput={{ maxLength: 100, 'aria-label': 'Name or member number' }}
          />
          <Button type="submit" variant="contained" startIcon={<Search />} sx={{ px: 3 }}>
            Search
          </Button>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={licensed} onChange={(e) => setParams(searchParams(term, 1, e.target.checked))} />}
          label={registerMessages.licensedOnly}
        />
      </Box>
      {(term || licensed) && (
        <Box>
          {results.isFetching && <LinearProgress aria-label="Searching" sx={{ mb: 2 }} />}
          {results.isLoading && <LoadingSpinner label="Searching" />}
          {data && (
            <Stack spacing={2}>
              <Typography color="text.secondary" aria-live="polite">
                {data.total === 0
                  ? registerMessages.noResults
                  : `${data.total.toLocaleString('en-KE')}${data.capped ? '+' : ''} ${licensed ? 'licensed ' : ''}member${data.total === 1 ? '' : 's'} ${term ? `found for "${term}"` : 'holding a current practising licence'}`}
              </Typography>
              {data.capped && <Alert severity="info">{registerMessages.capped}</Alert>}
              <Grid container spacing={2}>
                {data.profiles.map((member) => (
                  <Grid key={member.ProfileID} size={{ xs: 12, sm: 6, md: 4 }}>
                    <ResultCard member={member} showWorkPlace={minor.showWorkPlace} />
                  </Grid>
                ))}
              </Grid>
              {data.total > 0 && (
                <Pagination
                  count={pages}
                  page={page}
                  color="primary"
                  onChange={(_, p) => {
                    setParams(searchParams(term, p, licensed));
                    window.scrollTo({ top: 0 });
                  }}
                  sx={{ alignSelf: 'center' }}
                />
              )}
            </Stack>
          )}
        </Box>
      )}
      {stats.isLoading && <LoadingSpinner label="Loading statistics" />}
      {stats.data && <StatsCharts stats={stats.data} />}
    </Stack>
  );
}
