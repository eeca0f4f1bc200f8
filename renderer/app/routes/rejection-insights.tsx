import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RejectionInsights } from '../../features/analyzer';
import { ObservedVsPredicted } from '../../features/hemolysis';
import { useSelectedInstituteId } from '../../features/institutes';

/** /rejection-insights (hemolysisTracking flag). */
export default function RejectionInsightsPage() {
  const instituteId = useSelectedInstituteId();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Lab Rejection Insights</Typography>
      {instituteId !== null && (
        <RejectionInsights
          instituteId={instituteId}
          observed={<ObservedVsPredicted instituteId={instituteId} />}
        />
      )}
    </Stack>
  );
}
