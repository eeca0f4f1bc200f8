import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import {
  EVENT_ORDERINGS,
  type EventListQuery,
  type MonitoringEventDto,
} from '../../../../shared/api/events';
import { EVENT_STATUSES, eventPath, type EventStatus } from '../../../../shared/domain/event-words';
import { calendarDate } from '../../../../shared/api/common';
import { addDays } from '../../../../shared/domain/time-zone';
import { dayRangeErrors } from '../../../../shared/domain/dates';
import {
  isAlarm,
  MONITORING_RULES,
  ruleLabel,
  type MonitoringRule,
} from '../../../../shared/domain/monitoring-rules';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { ExportButton } from '../../../components/ui/export-button';
import { urlFilterFields } from '../../../components/ui/filter-fields';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { formatDateTime } from '../../../lib/format';
import { zonedDayStart, zonedToday } from '../../../lib/time-zone';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useLineWord } from '../../institutes';
import { exportEvents } from '../api/export-events';
import { useEvents } from '../api/get-events';
import type { EventsQuery } from '../api/keys';
import { eventRuleText, lineNamer, STATUS_WORDS } from '../event-words';
import { EventActions } from './event-actions';

/** Only alarms open events (line-monitoring.md §3): the rule filter offers those. */
const EVENT_RULES = MONITORING_RULES.filter(isAlarm);
type Ordering = NonNullable<EventListQuery['ordering']>;
const DEFAULT_ORDERING: Ordering = '-opened_at';
/** Grid column → API ordering field. */
const SORT_FIELDS: Record<string, string> = {
  opened_at: 'opened_at',
  rule: 'rule',
  status: 'status',
  occurrences: 'occurrences',
};
const FILTER_KEYS = ['line', 'rule', 'status', 'from', 'to'] as const;

/** A day of the address the server would take: a real calendar day as YYYY-MM-DD. */
const isDay = (s: string) => calendarDate().safeParse(s).success;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);

/**
 * The filters as the address holds them (`?line=&rule=&status=&from=&to=`, days in the
 * institute's zone), each checked: a value the list does not know is no filter.
 */
function readFilters(params: URLSearchParams, lineIds: Set<number>, today: string) {
  const line = Number(params.get('line'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const errors = dayRangeErrors({ from, to }, today);
  return {
    line: lineIds.has(line) ? line : undefined,
    rule: oneOf<MonitoringRule>(EVENT_RULES, params.get('rule')),
    status: oneOf<EventStatus>(EVENT_STATUSES, params.get('status')),
    from: isDay(from) && !errors.from ? from : '',
    to: isDay(to) && !errors.to ? to : '',
    errors,
  };
}

interface Props {
  instituteId: number;
  timeZone: string;
  /** The institute's lines, to filter by and to name each event's line. */
  lines: { id: number; name: string }[];
}

/** /events: the institute's monitoring events with filters, sorting and page in the address. */
export function EventsView({ instituteId, timeZone, lines }: Props) {
  const word = useLineWord();
  const [params, setFilter] = useUrlFilters();
  const pagination = useUrlPagination(PAGE_SIZE_OPTIONS);
  const [sortModel, setSortModel, ordering] = useUrlOrdering<Ordering>(
    SORT_FIELDS,
    EVENT_ORDERINGS,
    DEFAULT_ORDERING,
  );
  const lineName = lineNamer(lines);
  const filters = readFilters(params, new Set(lines.map((l) => l.id)), zonedToday(timeZone));
  const listQuery: EventsQuery = {
    instituteId,
    line: filters.line,
    rule: filters.rule,
    status: filters.status,
    opened_at__gte: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    opened_at__lt: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
    ordering,
  };
  const events = useEvents({
    ...listQuery,
    page: pagination[0].page,
    size: pagination[0].pageSize,
  });
  const filtered = FILTER_KEYS.some((key) => params.has(key));

  const columns: GridColDef<MonitoringEventDto>[] = [
    {
      field: 'first_record_date',
      headerName: 'Run Dated',
      description: 'When the run that first fired the rule travelled: when the drift was seen',
      width: 150,
      sortable: false,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
    {
      field: 'opened_at',
      headerName: 'Event Opened',
      description: 'When processing opened the event',
      width: 150,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'line',
      headerName: word.singular,
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={eventPath(row.line, row.id)}>
          {lineName(row.line)}
        </Link>
      ),
    },
    {
      field: 'rule',
      headerName: 'Rule',
      flex: 1,
      minWidth: 220,
      valueGetter: (_v, row) => eventRuleText(row),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      valueGetter: (_v, row) => STATUS_WORDS[row.status],
    },
    { field: 'occurrences', headerName: 'Occurrences', width: 110, type: 'number' },
    {
      field: 'last_record',
      headerName: 'Last Record',
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        row.last_record === null ? (
          '—'
        ) : (
          <Link component={RouterLink} to={`/record/${row.last_record}`}>
            View
          </Link>
        ),
    },
    { field: 'resolution', headerName: 'Resolution', flex: 1, minWidth: 140, sortable: false },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 200,
      sortable: false,
      renderCell: ({ row }) => <EventActions event={row} />,
    },
  ];

  const { select, dayField } = urlFilterFields(params, setFilter, filters.errors);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Events
        </Typography>
        <ExportButton
          onExport={(format, onProgress) => exportEvents(listQuery, format, onProgress)}
        />
      </Stack>
      <Typography color="text.secondary">
        Each alarm of the control rules opens an event on its {word.lower}: look at it, acknowledge
        it, and close it with what was found and done.
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        role="search"
        aria-label="Event filters"
      >
        {select(
          'line',
          word.singular,
          filters.line === undefined ? '' : String(filters.line),
          lines.map((l) => [String(l.id), l.name]),
        )}
        {select(
          'rule',
          'Rule',
          filters.rule ?? '',
          EVENT_RULES.map((r) => [r, ruleLabel(r)]),
        )}
        {select(
          'status',
          'Status',
          filters.status ?? '',
          EVENT_STATUSES.map((s) => [s, STATUS_WORDS[s]]),
        )}
        {dayField('from', 'Opened From')}
        {dayField('to', 'Opened To')}
        {filtered && (
          <Button onClick={() => FILTER_KEYS.forEach((key) => setFilter(key, null))}>
            Clear Filters
          </Button>
        )}
      </Stack>
      {events.isError ? (
        <ErrorFetching error={events.error} />
      ) : (
        <DataGrid
          aria-label="Events"
          {...COMPACT_GRID}
          {...serverPaged(events, pagination, PAGE_SIZE_OPTIONS)}
          columns={columns}
          sortingMode="server"
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          disableRowSelectionOnClick
          slots={gridOverlaysEmpty(filtered ? 'No events match these filters' : 'No events')}
        />
      )}
    </Stack>
  );
}
