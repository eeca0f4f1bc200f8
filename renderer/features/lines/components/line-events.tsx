import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { eventClose, type MonitoringEventDto } from '../../../../shared/api/events';
import { describeRule } from '../../../../shared/domain/monitoring-rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorFetching } from '../../../components/ui/query-state';
import { errorDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { useEventAction, useLineEvents } from '../api/line-events';

const STATUS_WORDS: Record<MonitoringEventDto['status'], string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

/** Closing asks what was found and done (line-monitoring.md §3). */
function CloseEventDialog({
  event,
  lineId,
  onClose,
}: {
  event: MonitoringEventDto | null;
  lineId: number;
  onClose: () => void;
}) {
  const [resolution, setResolution] = useState('');
  const action = useEventAction(lineId);
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

/** The line's events: each alarm to look at, acknowledge and close (guests only read). */
export function LineEvents({ instituteId, lineId }: { instituteId: number; lineId: number }) {
  const events = useLineEvents(instituteId, lineId);
  const canEdit = useCanEdit();
  const action = useEventAction(lineId);
  const [closing, setClosing] = useState<MonitoringEventDto | null>(null);

  if (events.isError) return <ErrorFetching error={events.error} />;
  const items = events.data?.items ?? [];
  return (
    <Stack spacing={1} component="section" aria-label="Events">
      <Typography variant="h3">Events</Typography>
      {events.data && items.length === 0 && (
        <Typography color="text.secondary">No events</Typography>
      )}
      {items.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Opened</TableCell>
              <TableCell align="right">Occurrences</TableCell>
              <TableCell>Resolution</TableCell>
              {canEdit && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id} data-testid={`event-${e.id}`}>
                <TableCell>
                  {e.rule}: {describeRule(e.rule, e.side)}
                </TableCell>
                <TableCell>{STATUS_WORDS[e.status]}</TableCell>
                <TableCell>{formatDateTime(e.opened_at)}</TableCell>
                <TableCell align="right">{e.occurrences}</TableCell>
                <TableCell>{e.resolution}</TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {e.status === 'open' && (
                      <Button
                        size="small"
                        disabled={action.isPending}
                        onClick={() => action.mutate({ id: e.id, action: { kind: 'acknowledge' } })}
                      >
                        Acknowledge
                      </Button>
                    )}
                    {e.status !== 'closed' && (
                      <Button size="small" onClick={() => setClosing(e)}>
                        Close
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {action.isError && <Alert severity="error">{errorDetail(action.error)}</Alert>}
      <CloseEventDialog event={closing} lineId={lineId} onClose={() => setClosing(null)} />
    </Stack>
  );
}
