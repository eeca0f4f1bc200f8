import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LabelsTable } from '../../features/labels';
import { useSelectedInstituteId } from '../../features/institutes';

/** Label management for every logged-in user; guests see the labels without the controls. */
export default function LabelsPage() {
  const instituteId = useSelectedInstituteId();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Labels
      </Typography>
      {instituteId !== null && <LabelsTable instituteId={instituteId} />}
    </Paper>
  );
}
