import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { LabelDto } from '../../../../shared/api/labels';
import { LabelChip } from '../../labels/components/label-chip';

/** The review list shows 2 labels; the rest hide behind '+n' (monitoring.md section 9). */
export const LABELS_SHOWN = 2;

export function RecordLabels({
  labels,
  shown = LABELS_SHOWN,
}: {
  labels: LabelDto[];
  shown?: number;
}) {
  const rest = labels.slice(shown);
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
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
