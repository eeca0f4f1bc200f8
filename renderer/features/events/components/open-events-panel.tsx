import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { eventPath, type EventStatus } from '../../../../shared/domain/event-words';
import { counted } from '../../../../shared/domain/plural';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useEvents } from '../api/get-events';
import { eventRuleText, lineNamer } from '../event-words';

/**
 * The newest few. Loading and empty take one line alike, so a dashboard without events never
 * moves under the pointer; the panel grows only when there are events to show.
 */
const SHOWN = 5;
const ROW_HEIGHT = 44;
const OPEN: EventStatus = 'open';

/**
 * The institute's open events, newest first, each a link to its line's Monitoring view; the
 * count of all of them links to the events page filtered the same way.
 */
export function OpenEventsPanel({
  instituteId,
  lines,
}: {
  instituteId: number;
  /** The institute's lines, to name each event's line. */
  lines: readonly { id: number; name: string }[];
}) {
  const lineName = lineNamer(lines);
  const events = useEvents(
    { instituteId, status: OPEN, size: SHOWN, ordering: '-opened_at' },
    { poll: true },
  );
  const total = events.data?.total;
  return (
    <Paper component="section" aria-label="Open Events" sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ flexGrow: 1 }}>
          Open Events{total !== undefined && ` (${total})`}
        </Typography>
        <Button size="small" component={RouterLink} to={`/events?status=${OPEN}`}>
          All Events
        </Button>
      </Stack>
      {events.isError && <ErrorFetching error={events.error} />}
      {events.isLoading && <RetrievingData />}
      {total === 0 && (
        <Typography color="text.secondary">
          No open events: every monitored line is within its control rules.
        </Typography>
      )}
      {total !== undefined && total > 0 && (
        <List dense disablePadding aria-label="Newest open events">
          {events.data?.items.map((e) => (
            // On a phone the date goes below its link, and the row grows to hold both.
            <ListItem
              key={e.id}
              disableGutters
              sx={{ columnGap: 1, minHeight: ROW_HEIGHT, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <Link
                component={RouterLink}
                to={eventPath(e.line, e.id)}
                sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}
              >
                {lineName(e.line)}: {eventRuleText(e)}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {e.first_record_date
                  ? `run ${formatDateTime(e.first_record_date)}`
                  : `opened ${formatDateTime(e.opened_at)}`}
                {e.occurrences > 1 && ` · ${counted(e.occurrences, 'firing', 'firings')}`}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
