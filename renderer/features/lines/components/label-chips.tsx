import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { LabelDto } from '../../../../shared/api/labels';

/** The first `shown` labels as chips; the rest as '+n' with their names on hover. */
export function LabelChips({ labels, shown }: { labels: LabelDto[]; shown: number }) {
  const hidden = labels.slice(shown);
  return (
    <Stack sx={{ alignItems: 'center' }} direction="row" spacing={0.5}>
      {labels.slice(0, shown).map((l) => (
        <Chip key={l.id} size="small" label={l.label} sx={{ bgcolor: l.color, color: '#fff' }} />
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map((l) => l.label).join(', ')}>
          <Chip size="small" variant="outlined" label={`+${hidden.length}`} />
        </Tooltip>
      )}
    </Stack>
  );
}
