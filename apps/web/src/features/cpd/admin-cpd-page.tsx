import { Card, CardContent, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';

// Each tab's code comes when the tab is first shown (the requirements' form and its schema, the compliance lists):
// a link to one tab does not download the others (decision 054).
const AdminActivitiesTab = lazy(() => import('./admin-activities-tab').then((m) => ({ default: m.AdminActivitiesTab })));
const ComplianceTab = lazy(() => import('./compliance-tab').then((m) => ({ default: m.ComplianceTab })));
const RequirementsTab = lazy(() => import('./requirements-tab').then((m) => ({ default: m.RequirementsTab })));

const TABS = [
  { value: 'activities', label: 'Activities' },
  { value: 'compliance', label: 'Compliance' },
  { value: 'requirements', label: 'Requirements', mainOnly: true },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /admin/cpd: the CPD back office of administrators and approvers — outside activities to decide, compliance by
 * year and category; the requirements per category for the main administrator only.
 */
export function AdminCpdPage() {
  const user = useSession()?.user;
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => !('mainOnly' in t) || user?.is_main_admin);
  const asked = params.get('tab');
  const tab: TabValue = tabs.find((t) => t.value === asked)?.value ?? 'activities';

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        CPD
      </Typography>
      <Card>
        <PageTabs<TabValue>
          value={tab}
          onChange={(value) => setParams(value === 'activities' ? {} : { tab: value }, { replace: true })}
          label="CPD back office"
          tabs={tabs}
          sx={{ px: { sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
        />
        <CardContent>
          <Suspense fallback={<LoadingSpinner label="Loading the tab" />}>
            {tab === 'activities' && <AdminActivitiesTab />}
            {tab === 'compliance' && <ComplianceTab />}
            {tab === 'requirements' && <RequirementsTab />}
          </Suspense>
        </CardContent>
      </Card>
    </Stack>
  );
}
