import { Alert, Box, Button } from '@mui/material';
import { profileMessages, SECTION_INFO, type SectionName } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { useMyProfile } from '../../../shared/member/queries';
import { useSession } from '../../../shared/session/session-store';
import { LoadingSpinner } from '../../../shared/ui/loading';
import { SECTION_CONFIGS } from '../sections/configs';
import { ContactsSection, EmployeesSection, NoConvictionsSwitch, RefereesSection } from '../sections/special-sections';
import { BioForm, type BioProfile } from './bio-form';
import { FirmForm, type FirmProfile } from './firm-form';
import { SectionList } from './section-list';

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
