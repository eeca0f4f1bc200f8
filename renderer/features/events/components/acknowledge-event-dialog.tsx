import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { eventAcknowledge, type MonitoringEventDto } from '../../../../shared/api/events';
import { describeRule } from '../../../../shared/domain/monitoring-rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorDetail } from '../../../lib/api-client';
import { useEventAction } from '../api/event-action';

/**
 * Acknowledging asks for a note, optional (the spec asks for none; issue 44): what was seen or is
 * being done, kept with the event and in its History. The note takes the focus; once acknowledged,
 * `onAcknowledged` places it (the event's Close), else it goes back to the Acknowledge button.
 */
export function AcknowledgeEventDialog({
  event,
  onClose,
  onAcknowledged,
}: {
  event: MonitoringEventDto | null;
  onClose: () => void;
  onAcknowledged: () => void;
}) {
  const [note, setNote] = useState('');
  const action = useEventAction();
  const checked = eventAcknowledge.safeParse({ note });
  const done = () => {
    setNote('');
    action.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={event !== null}
      title="Acknowledge event"
      confirmLabel="Acknowledge event"
      busy={action.isPending}
      onClose={done}
      onConfirm={() => {
        if (event && checked.success) {
          action.mutate(
            { id: event.id, action: { kind: 'acknowledge', body: checked.data } },
            {
              onSuccess: () => {
                done();
                onAcknowledged();
              },
            },
          );
        }
      }}
    >
      <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 420 } }}>
        {event && <span>{describeRule(event.rule, event.side)}</span>}
        <TextField
          label="Note (optional)"
          multiline
          minRows={2}
          autoFocus
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={!checked.success}
          helperText={
            checked.success
              ? 'What was seen or is being done; kept with the event and in its History.'
              : checked.error.issues[0].message
          }
        />
        {action.isError && <Alert severity="error">{errorDetail(action.error)}</Alert>}
      </Stack>
    </ConfirmDialog>
  );
}
