import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { BENCHMARK_MESSAGES } from '../../../../shared/api/benchmarks';
import type { Institute } from '../../../../shared/api/institutes';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { ExportButton } from '../../../components/ui/export-button';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAllows } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { exportBenchmarks } from '../api/export-benchmarks';
import { useBenchmarks } from '../api/get-benchmarks';
import { ASK_OWNER, BenchmarkingSwitch } from './benchmarking-switch';
import { GroupDistributions } from './group-distributions';
import { HemolysisPanel } from './hemolysis-panel';
import { BenchmarkLinesTable } from './lines-table';
import { QuarterPicker } from './quarter-picker';
import { NO_LINE_TEXT, PROVISIONAL_TEXT } from './words';

/** Not taking part: what is shared and the switch for owners and admins, or whom to ask. */
function NotTakingPart({ instituteId }: { instituteId: number }) {
  const mayChange = useAllows('benchmarking:switch');
  return (
    <Paper sx={{ p: 3 }}>
      {mayChange ? (
        <BenchmarkingSwitch instituteId={instituteId} />
      ) : (
        <Stack spacing={1}>
          <Typography>{BENCHMARK_MESSAGES.whatIsShared}</Typography>
          <Typography color="text.secondary">{ASK_OWNER}</Typography>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * /benchmarks (section 9): the quarter picker, per group of the lines' chains its distribution
 * with the own lines marked (withheld groups say only that), the lines table, the hemolysis panel
 * and the exports. Nothing of another organization but a group's figures.
 */
export function BenchmarksView({ institute }: { institute: Institute }) {
  const { enqueueSnackbar } = useSnackbar();
  const word = useLineWord();
  const [quarter, setQuarter] = useState<string | null>(null);
  const taking = institute.benchmarking_opt_in;
  const answer = useBenchmarks(institute.id, quarter, taking);

  if (!taking) return <NotTakingPart instituteId={institute.id} />;
  if (answer.isError) return <ErrorFetching error={answer.error} />;
  if (!answer.data) return <LoadingScreen />;
  const data = answer.data;
  const takingPart = data.lines.filter((line) => line.value !== null);

  const pdf = async () => {
    try {
      await exportBenchmarks(institute.id, data.quarter, 'pdf');
    } catch (error) {
      enqueueSnackbar(withDetail('The export failed', error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <QuarterPicker value={data.quarter} onChange={setQuarter} timeZone={institute.timezone} />
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {`Computed ${formatDateTime(data.computed_at)}`}
        </Typography>
        <ExportButton
          onExport={(format, onProgress) =>
            exportBenchmarks(institute.id, data.quarter, format, onProgress)
          }
        />
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void pdf()}>
          Export PDF
        </Button>
      </Stack>
      {!data.complete && <Alert severity="warning">{PROVISIONAL_TEXT}</Alert>}
      <Box aria-busy={answer.isFetching}>
        {takingPart.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {NO_LINE_TEXT}
          </Typography>
        ) : (
          <GroupDistributions groups={data.groups} lines={data.lines} quarter={data.quarter} />
        )}
      </Box>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {word.plural}
        </Typography>
        <BenchmarkLinesTable lines={data.lines} groups={data.groups} lineWord={word.singular} />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <HemolysisPanel hemolysis={data.hemolysis} />
      </Paper>
    </Stack>
  );
}
