import { ArrowBack } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import { CHECKLIST_COMPONENTS } from '@portal/contract';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { SectionEditor } from '../profile/components/section-editor';

/** /checklist/component/{name}: the editor that completes a checklist item, with the way back. */
export function ChecklistComponentPage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const type = params.get('type') ?? 'Application';
  const editor = CHECKLIST_COMPONENTS[name.toUpperCase()] ?? name;
  return (
    <Box>
      <Button component={RouterLink} to={`/checklist/type/${encodeURIComponent(type)}`} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Back to checklist
      </Button>
      <SectionEditor name={editor} alwaysEditable />
    </Box>
  );
}
