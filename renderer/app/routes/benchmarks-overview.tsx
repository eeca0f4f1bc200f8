import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BenchmarksOverviewView } from '../../features/benchmarks';

/** /benchmarks/overview (staff): every benchmark group of a quarter with reasons and contributors. */
export default function BenchmarksOverviewPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Peer Benchmarking Overview</Typography>
      <BenchmarksOverviewView />
    </Stack>
  );
}
