import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { BenchmarksView } from '../../features/benchmarks';
import { useScreenInstitute } from '../../features/institutes';

/** /benchmarks: the selected organization's peer benchmarks (peer-benchmarking.md section 9). */
export default function BenchmarksPage() {
  const institute = useScreenInstitute();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Peer Benchmarking</Typography>
      {institute ? <BenchmarksView key={institute.id} institute={institute} /> : <LoadingScreen />}
    </Stack>
  );
}
