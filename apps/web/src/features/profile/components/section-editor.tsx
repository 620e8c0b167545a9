import { Alert, Box, Button } from '@mui/material';
import { profileMessages, SECTION_INFO, type SectionName } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../../shared/api/client';
import { useMyProfile } from '../../../shared/member/queries';
import { useSession } from '../../../shared/session/session-store';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { SECTION_CONFIGS } from '../sections/configs';
import type { BioProfile } from './bio-form';
import type { FirmProfile } from './firm-form';

// Each editor's code comes when its tab (or checklist item) is shown: the bio's form and schema, a section's list
// and dialog (decision 054).
const BioForm = lazy(() => import('./bio-form').then((m) => ({ default: m.BioForm })));
const FirmForm = lazy(() => import('./firm-form').then((m) => ({ default: m.FirmForm })));
const SectionList = lazy(() => import('./section-list').then((m) => ({ default: m.SectionList })));
const ContactsSection = lazy(() => import('../sections/special-sections').then((m) => ({ default: m.ContactsSection })));
const EmployeesSection = lazy(() => import('../sections/special-sections').then((m) => ({ default: m.EmployeesSection })));
const NoConvictionsSwitch = lazy(() => import('../sections/special-sections').then((m) => ({ default: m.NoConvictionsSwitch })));
const RefereesSection = lazy(() => import('../sections/special-sections').then((m) => ({ default: m.RefereesSection })));

function BioEditor({ alwaysEditable }: { alwaysEditable: boolean }) {
  const profile = useMyProfile();
  const [editing, setEditing] = useState(false);
  if (profile.isLoading) return <LoadingSpinner />;
  const editable = alwaysEditable || editing;
  return (
    <Box>
      {!alwaysEditable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="outlined" onClick={() => setEditing(!editing)}>
            {editing ? 'Finish' : 'Edit'}
          </Button>
        </Box>
      )}
      <BioForm key={`${editable}`} profile={profile.data as unknown as BioProfile} initial={false} editable={editable} />
    </Box>
  );
}

function FirmEditor() {
  const firm = useQuery({ queryKey: ['firm'], queryFn: () => api.get<FirmProfile | null>('profile/firmBio') });
  if (firm.isLoading) return <LoadingSpinner />;
  if (firm.error) return <Alert severity="error">{firm.error.message}</Alert>;
  return <FirmForm firm={firm.data} initial={false} />;
}

/** The editor behind a profile tab or a checklist component route. */
export function SectionEditor({ name, alwaysEditable = false }: { name: string; alwaysEditable?: boolean }) {
  return (
    <Suspense fallback={<LoadingSpinner label="Loading the section" />}>
      <Editor name={name} alwaysEditable={alwaysEditable} />
    </Suspense>
  );
}

function Editor({ name, alwaysEditable }: { name: string; alwaysEditable: boolean }) {
  const session = useSession();
  const firm = session?.user.type === 'Corporate';
  // A section of the other membership type (a firm's directors opened by an individual): said, with nothing to add.
  const memberType = SECTION_INFO[name as SectionName]?.memberType;
  if (memberType && memberType !== 'Both' && memberType !== (firm ? 'Corporate' : 'Individual'))
    return <Alert severity="info">{profileMessages.wrongMemberType}</Alert>;
  if (name === 'bio') return firm ? <FirmEditor /> : <BioEditor alwaysEditable={alwaysEditable} />;
  if (name === 'contact') return <ContactsSection alwaysEditable={alwaysEditable} />;
  if (name === 'referee') return <RefereesSection alwaysEditable={alwaysEditable} />;
  if (name === 'employees') return <EmployeesSection alwaysEditable={alwaysEditable} />;
  if (name === 'convictions')
    return (
      <>
        <NoConvictionsSwitch />
        <SectionList config={SECTION_CONFIGS.convictions} alwaysEditable={alwaysEditable} />
      </>
    );
  const config = SECTION_CONFIGS[name as SectionName];
  if (!config) return <Alert severity="warning">There is no editor for {name}.</Alert>;
  return <SectionList config={config} alwaysEditable={alwaysEditable} />;
}
