import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import type { MonitoringEventDto } from '../../../../shared/api/events';
import { eventRuleText } from '../../../../shared/domain/event-words';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { useEventAction } from '../api/event-action';
import { CloseEventDialog } from './close-event-dialog';

/**
 * Acknowledge (an open event) and Close (with its resolution) for one event. Guests only read,
 * and a closed event is never reopened: no buttons for either. Each button names its event (a
 * list holds several alike), and an acknowledged event's Close takes the focus the vanished
 * Acknowledge had (issue 44).
 */
export function EventActions({ event }: { event: MonitoringEventDto }) {
  const canEdit = useCanEdit();
  const action = useEventAction();
  const { enqueueSnackbar } = useSnackbar();
  const [closing, setClosing] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  if (!canEdit || event.status === 'closed') return null;
  const which = `${eventRuleText(event)}, opened ${formatDateTime(event.opened_at)}`;
  return (
    <>
      {event.status === 'open' && (
        <Button
          size="small"
          aria-label={`Acknowledge ${which}`}
          disabled={action.isPending}
          onClick={() =>
            action.mutate(
              { id: event.id, action: { kind: 'acknowledge' } },
              {
                onSuccess: () => close.current?.focus(),
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
      <Button
        ref={close}
        size="small"
        aria-label={`Close ${which}`}
        onClick={() => setClosing(true)}
      >
        Close
      </Button>
      <CloseEventDialog event={closing ? event : null} onClose={() => setClosing(false)} />
    </>
  );
}
