import { Box, Typography } from '@mui/material';
import { refereeReportFileName } from '@portal/contract';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PdfViewer } from '../../shared/ui/pdf-viewer';
import { useRefereeReport } from './api';

/**
 * /profile/RefereeFormReport/{entryNo}: the answered referee form as a PDF with Back and Download (part 1 §2).
 * Admins and approvers add `?profileId=` to read an applicant's.
 */
export function RefereeReportPage() {
  const { entryNo } = useParams();
  const profileId = new URLSearchParams(useLocation().search).get('profileId');
  const navigate = useNavigate();
  const report = useRefereeReport(entryNo, profileId);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/profile'));
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Referee Form Report
      </Typography>
      <PdfViewer
        data={report.data}
        loading={report.isLoading}
        error={report.error ? report.error.message : null}
        fileName={refereeReportFileName(entryNo ?? '')}
        onBack={back}
      />
    </Box>
  );
}
