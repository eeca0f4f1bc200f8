import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { MonitoringEventDto } from '../../../../shared/api/events';
import { withDetail } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/permissions';
import { useEventAction } from '../api/event-action';
import { CloseEventDialog } from './close-event-dialog';

/**
 * Acknowledge (an open event) and Close (with its resolution) for one event. Guests only read,
 * and a closed event is never reopened: no buttons for either.
 */
export function EventActions({ event }: { event: MonitoringEventDto }) {
  const canEdit = useCanEdit();
  const action = useEventAction();
  const { enqueueSnackbar } = useSnackbar();
  const [closing, setClosing] = useState(false);
  if (!canEdit || event.status === 'closed') return null;
  return (
    <>
      {event.status === 'open' && (
        <Button
          size="small"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(
              { id: event.id, action: { kind: 'acknowledge' } },
              {
                onError: (error) =>
                  enqueueSnackbar(withDetail('Could not acknowledge the event', error), {
                    variant: 'error',
                  }),
              },
            )
          }
        >
          Acknowledge
        </Button>
      )}
      <Button size="small" onClick={() => setClosing(true)}>
        Close
      </Button>
      <CloseEventDialog event={closing ? event : null} onClose={() => setClosing(false)} />
    </>
  );
}
