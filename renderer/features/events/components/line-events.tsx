import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { OWN_SCROLL } from '../../../components/ui/phone';
import { ErrorFetching } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { historyPath } from '../../audit';
import { useEvents } from '../api/get-events';
import { eventRuleText, STATUS_WORDS } from '../event-words';
import { EventActions } from './event-actions';

/**
 * The line's events: each alarm to look at, acknowledge and close (guests only read). The event
 * the address names (`?event=`, the link of a notification, an e-mail or the dashboard) is
 * scrolled to, highlighted and focused once it is listed (issue 44).
 */
export function LineEvents({ instituteId, lineId }: { instituteId: number; lineId: number }) {
  const events = useEvents({ instituteId, line: lineId, size: FULL_LIST_SIZE });
  const canEdit = useCanEdit();
  const [params] = useSearchParams();
  const target = Number(params.get('event')) || null;
  const targetRow = useRef<HTMLTableRowElement>(null);
  // The target reached already: a refetch does not take the focus back.
  const reached = useRef<number | null>(null);
  const items = events.data?.items ?? [];
  const listed = items.some((e) => e.id === target);

  useEffect(() => {
    const row = targetRow.current;
    if (!listed || !row || reached.current === target) return;
    reached.current = target;
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [listed, target]);

  if (events.isError) return <ErrorFetching error={events.error} />;
  return (
    // The table scrolls in the section on a phone, not the page.
    <Stack spacing={1} component="section" aria-label="Events" sx={OWN_SCROLL}>
      <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2 }}>
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
        <Typography variant="body2" color="text.secondary">
          Run dated: when the run that first fired the rule travelled, that is when the drift was
          seen. Event opened: when processing opened the event.
        </Typography>
      )}
      {items.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Run dated</TableCell>
              <TableCell>Event opened</TableCell>
              <TableCell align="right">Occurrences</TableCell>
              <TableCell>Resolution</TableCell>
              {canEdit && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => {
              const isTarget = e.id === target;
              return (
                <TableRow
                  key={e.id}
                  data-testid={`event-${e.id}`}
                  ref={isTarget ? targetRow : undefined}
                  selected={isTarget}
                  aria-current={isTarget ? 'true' : undefined}
                  tabIndex={isTarget ? -1 : undefined}
                  sx={{ scrollMarginTop: 64, '&:focus-visible': { outline: 2, outlineOffset: -2 } }}
                >
                  <TableCell>{eventRuleText(e)}</TableCell>
                  <TableCell>
                    <span>{STATUS_WORDS[e.status]}</span>
                    {e.acknowledge_note && (
                      <Typography variant="body2" color="text.secondary">
                        Note: {e.acknowledge_note}
                      </Typography>
                    )}
                    <Link
                      component={RouterLink}
                      to={historyPath(instituteId, 'event', String(e.id))}
                      variant="body2"
                      aria-label={`History of ${eventRuleText(e)}`}
                      sx={{ display: 'block' }}
                    >
                      History
                    </Link>
                  </TableCell>
                  <TableCell>
                    {e.first_record === null ? (
                      formatDateTime(e.first_record_date)
                    ) : (
                      <Link component={RouterLink} to={`/record/${e.first_record}`}>
                        {formatDateTime(e.first_record_date)}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell>{formatDateTime(e.opened_at)}</TableCell>
                  <TableCell align="right">{e.occurrences}</TableCell>
                  <TableCell>{e.resolution}</TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <EventActions event={e} />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
