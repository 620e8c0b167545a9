import { Alert, Box, Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { formatAmount, type MembershipCategory } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCategories } from '../../../shared/settings/use-settings';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { PageTabs } from '../../../shared/ui/page-tabs';

const TABS = [
  { label: 'Individual', type: 'Individual' },
  { label: 'Firm', type: 'Corporate' },
] as const;

function applicationCharge(category: MembershipCategory) {
  return category.charges.find((c) => c.Charge_Type === 'APPLICATION') ?? category.charges[0];
}

export function CategoriesPage() {
  const [tab, setTab] = useState(0);
  const categories = useCategories();
  const type = TABS[tab].type;
  const shown = (categories.data ?? []).filter((c) => c.categoryType === type && c.CanApply);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
        Choose your membership category
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Pick the category you are applying for. The application fee is shown including VAT.
      </Typography>
      <PageTabs
        value={tab}
        onChange={setTab}
        label="Membership type"
        tabs={TABS.map((t, i) => ({ value: i, label: t.label }))}
        sx={{ mb: 3 }}
      />
      {categories.isLoading && <LoadingSpinner />}
      {categories.error && <Alert severity="error">{categories.error.message}</Alert>}
      {!categories.isLoading && shown.length === 0 && <Alert severity="info">No categories of this type are open for applications.</Alert>}
      <Grid container spacing={3}>
        {shown.map((category) => {
          const charge = applicationCharge(category);
          return (
            <Grid key={category.Code} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderTop: 4, borderColor: 'primary.main' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                    {category.Description}
                  </Typography>
                  {charge && (
                    <>
                      <Typography variant="h5" sx={{ mt: 2, color: 'primary.main', fontWeight: 700 }}>
                        {charge.Currency_Code} {formatAmount(charge.Amount_Including_VAT)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        Application fee, including VAT
                      </Typography>
                    </>
                  )}
                </CardContent>
                <CardActions sx={{ p: 2 }}>
                  <Button component={RouterLink} to={`/signup/${type}/${category.Code}`} variant="contained" fullWidth>
                    Select
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
