import SettingsIcon from '@mui/icons-material/Settings';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { LineDto } from '../../../../shared/api/lines';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { useCanEdit } from '../../../lib/permissions';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useFeatureFlags, useLineWord } from '../../institutes';
import { counted } from '../../../../shared/domain/plural';
import { useLines } from '../api/get-lines';
import { ArchiveCheckbox } from './archive-checkbox';
import { LabelChips } from '../../labels';
import { BandChip, RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDay } from '../../../lib/calendar-day';
import { formatNumber } from '../../../lib/format';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { ErrorFetching } from '../../../components/ui/query-state';
import { ANALYTE_NAMES, ANALYTES, type Analyte } from '../../../../shared/rejection/model';

const PAGE_SIZES = [10, 25, 50, 100];
/** The line list shows one label; the rest are behind '+n' (monitoring.md section 9). */
const LABELS_SHOWN = 1;

const rateColumn = (analyte: Analyte): GridColDef<LineDto> => ({
  field: analyte,
  headerName: ANALYTE_NAMES[analyte],
  width: analyte === 'ldh' ? 150 : 100,
  sortable: false,
  renderCell: ({ row }) => {
    const rates = row.line_statistics.auc.rejection_rates;
    return rates ? <RejectionChip fraction={rates[analyte]} /> : '–';
  },
});

/** The institute's lines with their statistics, a page at a time; archive saves at once. */
export function LinesTable({ instituteId, archived }: { instituteId: number; archived?: boolean }) {
  const word = useLineWord();
  const { monitoring } = useFeatureFlags();
  const canEdit = useCanEdit();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZES);
  const lines = useLines({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
    archived,
    ordering: 'name',
  });

  const columns: GridColDef<LineDto>[] = [
    {
      field: 'name',
      headerName: word.singular,
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <Link component={RouterLink} to={`/line/${row.id}/summary`}>
            {row.name}
          </Link>
          {monitoring && row.open_events > 0 && (
            // The line's alarms waiting for someone (line-monitoring.md §3).
            <Chip
              size="small"
              color="error"
              sx={{ ml: 1 }}
              label={counted(row.open_events, 'open event', 'open events')}
              component={RouterLink}
              to={`/line/${row.id}/monitoring`}
              clickable
            />
          )}
        </>
      ),
    },
    {
      field: 'labels',
      headerName: 'Labels',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => <LabelChips labels={row.labels} shown={LABELS_SHOWN} />,
    },
    {
      field: 'length',
      headerName: 'Length (m)',
      width: 96,
      type: 'number',
      sortable: false,
      valueFormatter: (v: number | null) => (v === null ? '–' : String(v)),
    },
    {
      field: 'record_count',
      headerName: 'Records',
      width: 76,
      type: 'number',
      sortable: false,
      valueGetter: (_v, row) => row.line_statistics.record_count,
    },
    {
      field: 'mean',
      headerName: 'VitalMetric (g·s)',
      width: 118,
      type: 'number',
      sortable: false,
      valueGetter: (_v, row) => formatNumber(row.line_statistics.auc.mean, 0),
    },
    {
      field: 'performance',
      headerName: 'Performance',
      width: 112,
      sortable: false,
      renderCell: ({ row }) => {
        const band = row.line_statistics.auc.performance;
        return band ? <BandChip band={band} /> : '–';
      },
    },
    ...ANALYTES.map(rateColumn),
    {
      field: 'validation',
      headerName: 'Validated',
      width: 108,
      sortable: false,
      valueGetter: (_v, row) => formatDay(row.validation?.validation_start_date),
    },
    {
      field: 'archived',
      headerName: 'Archived',
      width: 72,
      sortable: false,
      renderCell: ({ row }) => <ArchiveCheckbox line={row} />,
    },
  ];
  if (canEdit)
    columns.push({
      field: 'settings',
      headerName: '',
      width: 48,
      sortable: false,
      renderCell: ({ row }) => (
        <IconButton
          size="small"
          component={RouterLink}
          to={`/line/${row.id}/settings`}
          aria-label={`${row.name} settings`}
        >
          <SettingsIcon fontSize="small" />
        </IconButton>
      ),
    });

  if (lines.isError) return <ErrorFetching error={lines.error} />;
  return (
    <DataGrid
      aria-label={word.plural}
      {...serverPaged(lines, [pagination, setPagination], PAGE_SIZES)}
      columns={columns}
      disableRowSelectionOnClick
      {...COMPACT_GRID}
      slots={gridOverlays}
    />
  );
}
