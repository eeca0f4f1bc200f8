import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelectedInstituteId } from '../../features/institutes';
import { ReportUploadDialog, ReportsTable } from '../../features/reports';
import { useAllows } from '../../lib/permissions';

/** /reports: validation reports; staff upload and delete. */
export default function ReportsPage() {
  const instituteId = useSelectedInstituteId();
  const canUpload = useAllows('reports:upload');
  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center' }} direction="row">
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Reports
        </Typography>
        {canUpload && instituteId !== null && <ReportUploadDialog instituteId={instituteId} />}
      </Stack>
      {instituteId !== null && <ReportsTable instituteId={instituteId} />}
    </Stack>
  );
}
