import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditEventOut,
  type AuditObjectType,
} from '../../../../shared/api/audit';
import { calendarDate } from '../../../../shared/api/common';
import { addDays } from '../../../../shared/domain/time-zone';
import { dayRangeErrors } from '../../../../shared/domain/dates';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { SearchField } from '../../../components/ui/search-field';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { zonedDayStart, zonedToday } from '../../../lib/time-zone';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { OrganizationFilter, useInstitutes } from '../../institutes';
import { useAuditEvents } from '../api/get-audit-events';
import type { AuditLogQuery } from '../api/keys';
import {
  ACTION_WORDS,
  actorWords,
  entryWords,
  historyPath,
  OBJECT_WORDS,
  objectNameWords,
  objectPath,
  zonedDateTime,
} from '../audit-words';
import { ExportButton } from '../../../components/ui/export-button';
import { urlFilterFields } from '../../../components/ui/filter-fields';
import { exportAuditEvents } from '../api/export-audit-events';

const FILTER_KEYS = ['actor', 'object_type', 'object_id', 'action', 'from', 'to', 'institute'];

const isDay = (s: string) => calendarDate().safeParse(s).success;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);

/**
 * The filters as the address holds them (`?actor=&object_type=&object_id=&action=&from=&to=`,
 * staff also `&institute=`; days in the institute's zone), each checked: a value the log does
 * not know is no filter.
 */
function readFilters(params: URLSearchParams, today: string) {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const errors = dayRangeErrors({ from, to }, today);
  const institute = Number(params.get('institute'));
  return {
    actor: params.get('actor')?.trim() ?? '',
    objectType: oneOf<AuditObjectType>(AUDIT_OBJECT_TYPES, params.get('object_type')),
    objectId: params.get('object_id')?.trim() ?? '',
    action: oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action')),
    institute: Number.isInteger(institute) && institute > 0 ? institute : undefined,
    from: isDay(from) && !errors.from ? from : '',
    to: isDay(to) && !errors.to ? to : '',
    errors,
  };
}

interface Props {
  /** The organization whose log this is; null: staff's log of every organization. */
  instituteId: number | null;
  /** The organization's time zone (staff's own where the log spans every organization). */
  timeZone: string;
}

/**
 * The Audit Log (owners, admins, staff): who did what to which object and when, newest first,
 * with its filters and page in the address.
 */
export function AuditLogView({ instituteId, timeZone }: Props) {
  const [params, setFilter] = useUrlFilters();
  const [, setParams] = useSearchParams();
  // One change of the address for all of them (setFilter's updates would each undo the last).
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  const pagination = useUrlPagination(PAGE_SIZE_OPTIONS);
  const filters = readFilters(params, zonedToday(timeZone));
  const allInstitutes = instituteId === null;
  const institutes = useInstitutes(false);
  const zoneOf = (institute: number | null) =>
    (institute !== null && institutes.data?.items.find((i) => i.id === institute)?.timezone) ||
    timeZone;
  const query: AuditLogQuery = {
    instituteId,
    institute: allInstitutes ? filters.institute : undefined,
    actor: filters.actor || undefined,
    object_type: filters.objectType,
    object_id: filters.objectId || undefined,
    action: filters.action,
    at__gte: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    at__lt: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
    page: pagination[0].page,
    size: pagination[0].pageSize,
  };
  const events = useAuditEvents(query);
  const exportInstitute = instituteId ?? filters.institute;
  const filtered = FILTER_KEYS.some((key) => params.has(key));

  const objectCell = (row: AuditEventOut) => {
    const text = objectNameWords(row);
    const page = row.object_exists ? objectPath(row.object_type, row.object_id) : null;
    const institute = row.institute ?? instituteId;
    const to =
      page ?? (institute === null ? null : historyPath(institute, row.object_type, row.object_id));
    if (to === null) return text;
    return (
      <Link component={RouterLink} to={to} aria-label={page ? `${text}` : `History of ${text}`}>
        {text}
      </Link>
    );
  };

  const columns: GridColDef<AuditEventOut>[] = [
    {
      field: 'at',
      headerName: 'When',
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => zonedDateTime(row.at, zoneOf(row.institute)),
    },
    {
      field: 'actor',
      headerName: 'Who',
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) => actorWords(row),
    },
    {
      field: 'object',
      headerName: 'Object',
      width: 170,
      sortable: false,
      renderCell: ({ row }) => objectCell(row),
    },
    {
      field: 'action',
      headerName: 'Action',
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => entryWords(row).action,
    },
    {
      field: 'changes',
      headerName: 'Changes',
      flex: 2,
      minWidth: 280,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack sx={{ py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
          {entryWords(row).changes.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Stack>
      ),
    },
  ];
  if (allInstitutes) {
    columns.splice(1, 0, {
      field: 'institute',
      headerName: 'Organization',
      width: 160,
      sortable: false,
      valueGetter: (_v, row) =>
        row.institute === null
          ? '—'
          : (institutes.data?.items.find((i) => i.id === row.institute)?.name ??
            String(row.institute)),
    });
  }

  const { select, dayField } = urlFilterFields(params, setFilter, filters.errors);

  const total = events.data?.total ?? 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Audit Log
        </Typography>
        {/* One organization's log at a time (staff choose it with the filter). */}
        {exportInstitute !== undefined && (
          <ExportButton
            onExport={(format, onProgress) =>
              exportAuditEvents(exportInstitute, query, format, onProgress)
            }
          />
        )}
      </Stack>
      <Typography color="text.secondary">
        Every change to the organization&apos;s data and settings, every sign-in and export: who,
        when and what changed. Entries are never changed or deleted.
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        role="search"
        aria-label="Audit log filters"
      >
        {allInstitutes && (
          <OrganizationFilter
            value={filters.institute === undefined ? '' : String(filters.institute)}
            onChange={(value) => setFilter('institute', value || null)}
          />
        )}
        <SearchField
          label="Who (e-mail)"
          value={filters.actor}
          onChange={(value) => setFilter('actor', value || null)}
          width={220}
        />
        {select(
          'object_type',
          'Object',
          filters.objectType ?? '',
          AUDIT_OBJECT_TYPES.map((t) => [t, OBJECT_WORDS[t]]),
        )}
        <SearchField
          label="Object id"
          value={filters.objectId}
          onChange={(value) => setFilter('object_id', value || null)}
          width={130}
        />
        {select(
          'action',
          'Action',
          filters.action ?? '',
          AUDIT_ACTIONS.map((a) => [a, ACTION_WORDS[a]]),
        )}
        {dayField('from', 'From')}
        {dayField('to', 'To')}
        {filtered && <Button onClick={clearFilters}>Clear Filters</Button>}
      </Stack>
      {events.data?.capped && (
        <Typography variant="body2" color="text.secondary" role="status">
          More than {total.toLocaleString('en-US')} entries match: narrow the filters to see older
          ones.
        </Typography>
      )}
      {events.isError ? (
        <ErrorFetching error={events.error} />
      ) : (
        <DataGrid
          aria-label="Audit log"
          {...COMPACT_GRID}
          {...serverPaged(events, pagination, PAGE_SIZE_OPTIONS)}
          columns={columns}
          getRowHeight={() => 'auto'}
          disableRowSelectionOnClick
          slots={gridOverlaysEmpty(filtered ? 'No entries match these filters' : 'No entries')}
        />
      )}
    </Stack>
  );
}
