import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { useSelectedInstituteId } from '../../features/institutes';
import { ValidationWizard } from '../../features/validations';
import { useCanEdit } from '../../lib/permissions';

/** /validation/new: the three-step wizard (not for guests). */
export default function ValidationNewPage() {
  const instituteId = useSelectedInstituteId();
  if (!useCanEdit()) return <Navigate to="/validations" replace />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">New Validation</Typography>
      {instituteId !== null && <ValidationWizard instituteId={instituteId} />}
    </Stack>
  );
}
