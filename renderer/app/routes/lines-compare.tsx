import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLineWord } from '../../features/institutes/hooks/use-line-word';
import { useSelectedInstituteId } from '../../features/institutes/hooks/use-selected-institute';
import { LinesCompare } from '../../features/lines/components/lines-compare';

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
