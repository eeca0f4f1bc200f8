import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import type { MonitoringEventDto } from '../../../../shared/api/events';
import { eventRuleText } from '../../../../shared/domain/event-words';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { AcknowledgeEventDialog } from './acknowledge-event-dialog';
import { CloseEventDialog } from './close-event-dialog';

/**
 * Acknowledge (an open event, with an optional note) and Close (with its resolution) for one
 * event. Guests only read, and a closed event is never reopened: no buttons for either. Each
 * button names its event (a list holds several alike), and an acknowledged event's Close takes the
 * focus the vanished Acknowledge had (issue 44).
 */
export function EventActions({ event }: { event: MonitoringEventDto }) {
  const canEdit = useCanEdit();
  const [acknowledging, setAcknowledging] = useState(false);
  const [closing, setClosing] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  // Once the dialog has closed (its focus trap let go), Close takes the focus.
  const [focusClose, setFocusClose] = useState(false);
  useEffect(() => {
    if (!focusClose) return;
    close.current?.focus();
    setFocusClose(false);
  }, [focusClose]);
  if (!canEdit || event.status === 'closed') return null;
  const which = `${eventRuleText(event)}, opened ${formatDateTime(event.opened_at)}`;
  return (
    <>
      {event.status === 'open' && (
        <Button
          size="small"
          aria-label={`Acknowledge ${which}`}
          onClick={() => setAcknowledging(true)}
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
      <AcknowledgeEventDialog
        event={acknowledging ? event : null}
        onClose={() => setAcknowledging(false)}
        onAcknowledged={() => setFocusClose(true)}
      />
      <CloseEventDialog event={closing ? event : null} onClose={() => setClosing(false)} />
    </>
  );
}
