import Checkbox from '@mui/material/Checkbox';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import type { LineDto } from '../../../../shared/api/lines';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useUpdateLine } from '../api/update-line';

/** Archives or unarchives the line the moment it is ticked (monitoring.md section 4). */
export function ArchiveCheckbox({ line }: { line: LineDto }) {
  const canEdit = useCanEdit();
  const update = useUpdateLine();
  const { enqueueSnackbar } = useSnackbar();
  // Shows the new state while it saves, the saved one after (or after a failure).
  const checked = update.isPending ? Boolean(update.variables.body.archived) : line.archived;
  const box = (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!canEdit || update.isPending}
      slotProps={{ input: { 'aria-label': `Archive ${line.name}` } }}
      onChange={(e) =>
        update.mutate(
          { id: line.id, body: { archived: e.target.checked } },
          {
            onSuccess: () => enqueueSnackbar('Changes saved', { variant: 'success' }),
            onError: () => enqueueSnackbar('Unable to save your changes.', { variant: 'error' }),
          },
        )
      }
    />
  );
  if (canEdit) return box;
  return (
    <Tooltip title={GUEST_REASON}>
      <span>{box}</span>
    </Tooltip>
  );
}
