import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { useLine } from '../../features/lines';
import { RecordCompare } from '../../features/records';

/** /line/{id}/records/compare: overlay records' cumulative VitalMetric. */
export default function LineRecordsComparePage() {
  const id = Number(useParams().id);
  const line = useLine(id);
  if (line.isError) return <ErrorFetching />;
  if (!line.data) return <RetrievingData />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Compare Records: {line.data.name}</Typography>
      <RecordCompare instituteId={line.data.institute} lineId={id} />
    </Stack>
  );
}
