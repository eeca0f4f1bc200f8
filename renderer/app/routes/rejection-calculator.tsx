import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RejectionCalculator } from '../../features/analyzer';
import { useSelectedInstituteId } from '../../features/institutes';

/** /rejection-calculator (staff). */
export default function RejectionCalculatorPage() {
  const instituteId = useSelectedInstituteId();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Rejection Calculator</Typography>
      <Typography color="text.secondary">
        The probability that samples are rejected for hemolysis after a transport with this
        VitalMetric, at the selected organization&apos;s analyzer thresholds.
      </Typography>
      {instituteId !== null && <RejectionCalculator instituteId={instituteId} />}
    </Stack>
  );
}
