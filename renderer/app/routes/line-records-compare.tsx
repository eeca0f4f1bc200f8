import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { useLineWord } from '../../features/institutes';
import { useLine } from '../../features/lines';
import { RecordCompare } from '../../features/records';

/** /line/{id}/records/compare: overlay records' cumulative VitalMetric. */
export default function LineRecordsComparePage() {
  const id = Number(useParams().id);
  const line = useLine(id);
  const word = useLineWord();
  if (line.isError)
    return (
      <ErrorFetching
        error={line.error}
        back={{ to: '/lines', label: word.plural }}
        notFound={`${word.singular} not found.`}
      />
    );
  if (!line.data) return <RetrievingData />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Compare Records: {line.data.name}</Typography>
      <RecordCompare instituteId={line.data.institute} lineId={id} />
    </Stack>
  );
}
