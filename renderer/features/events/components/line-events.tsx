import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { ErrorFetching } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { useEvents } from '../api/get-events';
import { eventRuleText, STATUS_WORDS } from '../event-words';
import { EventActions } from './event-actions';

/** The line's events: each alarm to look at, acknowledge and close (guests only read). */
export function LineEvents({ instituteId, lineId }: { instituteId: number; lineId: number }) {
  const events = useEvents({ instituteId, line: lineId, size: FULL_LIST_SIZE });
  const canEdit = useCanEdit();

  if (events.isError) return <ErrorFetching error={events.error} />;
  const items = events.data?.items ?? [];
  return (
    <Stack spacing={1} component="section" aria-label="Events">
      <Stack direction="row" sx={{ alignItems: 'baseline' }}>
        <Typography variant="h3" sx={{ flexGrow: 1 }}>
          Events
        </Typography>
        <Link component={RouterLink} to={`/events?line=${lineId}`}>
          All events of the organization
        </Link>
      </Stack>
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
                <TableCell>{eventRuleText(e)}</TableCell>
                <TableCell>{STATUS_WORDS[e.status]}</TableCell>
                <TableCell>{formatDateTime(e.opened_at)}</TableCell>
                <TableCell align="right">{e.occurrences}</TableCell>
                <TableCell>{e.resolution}</TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <EventActions event={e} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
