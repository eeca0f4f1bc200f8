import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { eventClose, type MonitoringEventDto } from '../../../../shared/api/events';
import { describeRule } from '../../../../shared/domain/monitoring-rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorDetail } from '../../../lib/api-client';
import { useEventAction } from '../api/event-action';

/** Closing asks what was found and done (line-monitoring.md §3). */
export function CloseEventDialog({
  event,
  onClose,
}: {
  event: MonitoringEventDto | null;
  onClose: () => void;
}) {
  const [resolution, setResolution] = useState('');
  const action = useEventAction();
  const checked = eventClose.safeParse({ resolution });
  const [touched, setTouched] = useState(false);
  const done = () => {
    setResolution('');
    setTouched(false);
    action.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={event !== null}
      title="Close event"
      confirmLabel="Close event"
      busy={action.isPending}
      onClose={done}
      onConfirm={() => {
        setTouched(true);
        if (event && checked.success) {
          action.mutate(
            { id: event.id, action: { kind: 'close', body: checked.data } },
            { onSuccess: done },
          );
        }
      }}
    >
      <Stack spacing={2} sx={{ pt: 1, minWidth: 420 }}>
        {event && <span>{describeRule(event.rule, event.side)}</span>}
        <TextField
          label="Resolution"
          multiline
          minRows={3}
          value={resolution}
          onChange={(e) => setResolution(e.target.value)}
          error={touched && !checked.success}
          helperText={
            touched && !checked.success
              ? checked.error.issues[0].message
              : 'What was found and done.'
          }
        />
        {action.isError && <Alert severity="error">{errorDetail(action.error)}</Alert>}
      </Stack>
    </ConfirmDialog>
  );
}
