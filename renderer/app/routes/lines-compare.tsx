import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLineWord, useSelectedInstituteId } from '../../features/institutes';
import { LinesCompare } from '../../features/lines';

/** /line/compare: the lines' statistics side by side. */
export default function LinesComparePage() {
  const word = useLineWord();
  const instituteId = useSelectedInstituteId();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Compare {word.plural}</Typography>
      {instituteId !== null && <LinesCompare instituteId={instituteId} />}
    </Stack>
  );
}
