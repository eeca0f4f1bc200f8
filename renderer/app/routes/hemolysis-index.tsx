import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HemolysisList } from '../../features/hemolysis';
import { useSelectedInstituteId } from '../../features/institutes';

/** /hemolysis-index (hemolysisTracking flag). */
export default function HemolysisIndexPage() {
  const instituteId = useSelectedInstituteId();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Hemolysis Index Data</Typography>
      {instituteId !== null && <HemolysisList instituteId={instituteId} />}
    </Stack>
  );
}
