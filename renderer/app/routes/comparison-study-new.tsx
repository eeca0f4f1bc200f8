import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { ComparisonStudyForm } from '../../features/comparison-studies';
import { useSelectedInstituteId } from '../../features/institutes';
import { useCanEdit } from '../../lib/permissions';

/** /comparison-studies/new: the study form (not for guests). */
export default function ComparisonStudyNewPage() {
  const instituteId = useSelectedInstituteId();
  if (!useCanEdit()) return <Navigate to="/comparison-studies" replace />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">New Comparison Study</Typography>
      {instituteId !== null && <ComparisonStudyForm instituteId={instituteId} />}
    </Stack>
  );
}
