import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RecordDto } from '../../../../shared/api/records';

const FLAGS = [
  ['short_run_error', 'Short run'],
  ['flatline_error', 'Flatline'],
  ['no_run_error', 'No run'],
] as const;

/** The processing flags a record carries, as words. */
export function RecordFlags({ metrics }: { metrics: RecordDto['metrics'] }) {
  if (!metrics) return null;
  const raised = FLAGS.filter(([key]) => metrics[key]);
  return (
    <Stack direction="row" spacing={0.5}>
      {raised.map(([key, text]) => (
        <Chip key={key} size="small" variant="outlined" color="warning" label={text} />
      ))}
    </Stack>
  );
}
