import { Alert, Box, Card } from '@mui/material';
import { BOARD_CAPTION } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useSettings } from '../../../shared/settings/use-settings';
import { useFlash } from '../../../shared/ui/flash';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { PageTabs } from '../../../shared/ui/page-tabs';
import { SectionEditor } from '../components/section-editor';

const TwoStepSettings = lazy(() => import('../../../shared/account/two-step-settings').then((m) => ({ default: m.TwoStepSettings })));

interface TabDef {
  key: string;
  label: string;
}

const INDIVIDUAL_TABS: TabDef[] = [
  { key: 'bio', label: 'Bio' },
  { key: 'contact', label: 'Contacts' },
  { key: 'certification', label: 'Academic Qualifications' },
  { key: 'institution', label: 'Institutional Membership' },
  { key: 'work-experience', label: 'Work Experience' },
  { key: 'referee', label: 'Referees' },
  { key: 'attachments', label: 'Attachments' },
  { key: 'specialization', label: 'Specialization' },
  { key: 'security', label: 'Security' },
];

const FIRM_TABS: TabDef[] = [
  { key: 'bio', label: 'Firm Details' },
  { key: 'directors', label: 'Directors' },
  { key: 'shareholders', label: 'Shareholders' },
  { key: 'services', label: 'Services' },
  { key: 'employees', label: 'Firm Employees' },
  { key: 'facilities', label: 'Equipment/Facilities' },
  { key: 'bankers', label: 'Banker Details' },
  { key: 'attachments', label: 'Attachments' },
  { key: 'convictions', label: 'Convictions' },
  { key: 'security', label: 'Security' },
];

export function ProfilePage() {
  const session = useSession();
  const { minor } = useSettings();
  const flash = useFlash();
  // The page's alert (the message left by the first save) clears when the tab changes (part 1 §2 Profile).
  const [alert, setAlert] = useState(flash);
  const [params, setParams] = useSearchParams();
  const firm = session?.user.type === 'Corporate';
  const boardCaption = minor.organisation_caption === BOARD_CAPTION;
  const tabs = firm ? FIRM_TABS : INDIVIDUAL_TABS.filter((t) => !(boardCaption && t.key === 'specialization'));
  // Firms start on the second tab (part 1 §2).
  const requested = tabs.findIndex((t) => t.key === params.get('tab'));
  const index = requested >= 0 ? requested : firm ? 1 : 0;

  return (
    <Box>
      {alert && (
        <Alert severity={alert.severity} sx={{ mb: 2 }}>
          {alert.message}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <PageTabs
          value={index}
          onChange={(v) => {
            setAlert(null);
            setParams({ tab: tabs[v].key });
          }}
          label="Profile sections"
          tabs={tabs.map((t, i) => ({ value: i, label: t.label }))}
        />
      </Card>
      {tabs[index].key === 'security' ? (
        <Suspense fallback={<LoadingSpinner label="Loading the section" />}>
          <TwoStepSettings />
        </Suspense>
      ) : (
        <SectionEditor key={tabs[index].key} name={tabs[index].key} />
      )}
    </Box>
  );
}
