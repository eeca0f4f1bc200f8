import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RecordDto } from '../../../../shared/api/records';
import { RECORD_FLAGS } from '../../../../shared/domain/record-flags';

/** The processing flags a record carries, as words. */
export function RecordFlags({ metrics }: { metrics: RecordDto['metrics'] }) {
  if (!metrics) return null;
  const raised = RECORD_FLAGS.filter(([key]) => metrics[key]);
  return (
    <Stack direction="row" spacing={0.5}>
      {raised.map(([key, text]) => (
        <Chip key={key} size="small" variant="outlined" color="warning" label={text} />
      ))}
    </Stack>
  );
}
