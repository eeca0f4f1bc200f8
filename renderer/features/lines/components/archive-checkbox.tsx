import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { LineDto } from '../../../../shared/api/lines';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useUpdateLine } from '../api/update-line';
import { withDetail } from '../../../lib/api-client';

/**
 * Archives or unarchives the line the moment it is ticked (monitoring.md section 4); the toast
 * offers Undo.
 */
export function ArchiveCheckbox({ line }: { line: LineDto }) {
  const canEdit = useCanEdit();
  const update = useUpdateLine();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // Shows the new state from the click on (set in the click's own render, so the box never
  // flips back while the save starts), the saved one after it (or after a failure).
  const [saving, setSaving] = useState<boolean | null>(null);
  const checked = saving ?? line.archived;

  // The box saves at once (monitoring.md section 4); a slip is taken back with the toast's Undo.
  const save = (archived: boolean, undoable: boolean) => {
    setSaving(archived);
    update.mutate(
      { id: line.id, body: { archived } },
      {
        onSuccess: () =>
          enqueueSnackbar('Changes saved', {
            variant: 'success',
            action: undoable
              ? (key) => (
                  <Button
                    color="inherit"
                    size="small"
                    aria-label={`Undo ${archived ? 'archiving' : 'restoring'} ${line.name}`}
                    onClick={() => {
                      closeSnackbar(key);
                      save(!archived, false);
                    }}
                  >
                    Undo
                  </Button>
                )
              : undefined,
          }),
        onError: (error) =>
          enqueueSnackbar(withDetail('Unable to save your changes.', error), {
            variant: 'error',
          }),
        onSettled: () => setSaving(null),
      },
    );
  };
  const box = (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!canEdit || saving !== null}
      slotProps={{ input: { 'aria-label': `Archive ${line.name}` } }}
      onChange={(e) => save(e.target.checked, true)}
    />
  );
  if (canEdit) return box;
  return (
    <Tooltip title={GUEST_REASON}>
      <span>{box}</span>
    </Tooltip>
  );
}
