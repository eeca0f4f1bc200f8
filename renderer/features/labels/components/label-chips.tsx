import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { LabelDto } from '../../../../shared/api/labels';
import { LabelChip } from './label-chip';

/** Lists show 2 labels; the rest hide behind '+n' (monitoring.md section 9). */
const LABELS_SHOWN = 2;

/** A row's labels: the first `shown` as chips, the rest as '+n' with their names on hover. */
export function LabelChips({
  labels,
  shown = LABELS_SHOWN,
}: {
  labels: LabelDto[];
  shown?: number;
}) {
  const rest = labels.slice(shown);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', overflow: 'hidden' }}>
      {labels.slice(0, shown).map((l) => (
        <LabelChip key={l.id} label={l} />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((l) => l.label).join(', ')}>
          <Chip size="small" label={`+${rest.length}`} />
        </Tooltip>
      )}
    </Stack>
  );
}
