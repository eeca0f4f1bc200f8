import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { BENCHMARK_MESSAGES } from '../../../../shared/api/benchmarks';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAllows } from '../../../lib/permissions';
import { useBenchmarking } from '../api/get-benchmarking';
import { useUpdateBenchmarking } from '../api/update-benchmarking';

/** What others read instead of the switch (section 9). */
export const ASK_OWNER =
  'Ask an owner or admin of your organization to switch on peer benchmarking.';

/**
 * Peer benchmarking's switch (section 1): what is shared, said before it is turned on, then the
 * switch for owners and admins (and staff); others read who may switch it.
 */
export function BenchmarkingSwitch({ instituteId }: { instituteId: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const mayChange = useAllows('benchmarking:switch');
  const state = useBenchmarking(instituteId);
  const update = useUpdateBenchmarking(instituteId);
  if (state.isError) return <ErrorFetching error={state.error} />;
  const optIn = state.data?.opt_in ?? false;

  const change = async (next: boolean) => {
    try {
      await update.mutateAsync(next);
      enqueueSnackbar(next ? 'Peer benchmarking switched on' : 'Peer benchmarking switched off', {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(withDetail('Unable to change peer benchmarking', error), {
        variant: 'error',
      });
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="peer-benchmarking-heading">
      <Typography variant="h3" component="h2" id="peer-benchmarking-heading">
        Peer benchmarking
      </Typography>
      <Typography>{BENCHMARK_MESSAGES.whatIsShared}</Typography>
      {mayChange ? (
        <FormControlLabel
          control={
            <Switch
              checked={optIn}
              disabled={!state.data || update.isPending}
              onChange={(event) => void change(event.target.checked)}
            />
          }
          label="Take part in peer benchmarking"
        />
      ) : (
        !optIn && <Typography color="text.secondary">{ASK_OWNER}</Typography>
      )}
      {state.data?.changed_at && (
        <Typography variant="body2" color="text.secondary">
          {`Last changed ${formatDateTime(state.data.changed_at)}${
            state.data.changed_by?.email ? ` by ${state.data.changed_by.email}` : ''
          }.`}
        </Typography>
      )}
    </Stack>
  );
}
