import Link from '@mui/material/Link';
import {
  DataGrid,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import {
  formatDateTime,
  formatDuration,
  formatNumber,
  TEMPERATURE_DECIMALS,
  VITAL_METRIC_DECIMALS,
} from '../../../lib/format';
import type { LineWord } from '../../institutes';
import { PAGE_SIZES } from '../hooks/use-record-filters';
import { RecordFlags } from './record-flags';
import { LabelChips } from '../../labels';

/** Columns the API can sort by, as the grid names them → the API's ordering field. */
const SORT_FIELDS: Record<string, string> = {
  date: 'date',
  vial: 'vial',
  line: 'line',
  auc: 'auc',
  rejection: 'rejection',
  duration: 'duration',
};

const toOrdering = (model: GridSortModel) => {
  const [sort] = model;
  if (!sort?.sort) return undefined;
  return `${sort.sort === 'desc' ? '-' : ''}${SORT_FIELDS[sort.field]}`;
};

const toSortModel = (ordering: string): GridSortModel => {
  const desc = ordering.startsWith('-');
  const field = Object.entries(SORT_FIELDS).find(([, f]) => f === ordering.replace('-', ''))?.[0];
  return field ? [{ field, sort: desc ? 'desc' : 'asc' }] : [];
};

function columnsFor(word: LineWord): GridColDef<RecordDto>[] {
  return [
    {
      field: 'date',
      headerName: 'Date',
      width: 150,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/record/${row.id}`} onClick={(e) => e.stopPropagation()}>
          {formatDateTime(row.date)}
        </Link>
      ),
    },
    { field: 'vial', headerName: 'Vial', width: 90 },
    {
      field: 'line',
      headerName: word.singular,
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => row.line?.name ?? '',
    },
    {
      field: 'auc',
      headerName: 'VitalMetric (g·s)',
      width: 130,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => row.metrics?.auc ?? null,
      valueFormatter: (v: number | null) => formatNumber(v, VITAL_METRIC_DECIMALS),
    },
    {
      field: 'rejection',
      headerName: 'Rejection',
      width: 175,
      renderCell: ({ row }) => <RejectionChip percent={row.metrics?.rejection} />,
    },
    {
      field: 'mkt',
      headerName: 'MKT (°C)',
      width: 90,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => row.metrics?.mean_kinetic_temperature ?? null,
      valueFormatter: (v: number | null) => formatNumber(v, TEMPERATURE_DECIMALS),
    },
    {
      field: 'duration',
      headerName: 'Duration',
      width: 110,
      valueFormatter: (v: number | null) => formatDuration(v),
    },
    {
      field: 'flags',
      headerName: 'Flags',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <RecordFlags metrics={row.metrics} />,
    },
    {
      field: 'labels',
      headerName: 'Labels',
      width: 190,
      sortable: false,
      renderCell: ({ row }) => <LabelChips labels={row.labels} />,
    },
  ];
}

const PANEL_HIDDEN_COLUMNS = { mkt: false, duration: false, flags: false };

interface Props {
  rows: RecordDto[];
  total: number;
  word: LineWord;
  /** One-based, as the address bar counts. */
  page: number;
  size: number;
  ordering: string;
  onView: (view: { page?: number; size?: number; ordering?: string }) => void;
  /** Checkboxes for bulk actions; undefined for guests. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
  activeId: number | null;
  onOpen: (record: RecordDto) => void;
  emptyText: string;
}

/** One page of transit records from the server; a row click (or Enter) opens its review form. */
export function RecordsTable({
  rows,
  total,
  word,
  page,
  size,
  ordering,
  onView,
  selection,
  activeId,
  onOpen,
  emptyText,
}: Props) {
  const columns = useMemo(() => columnsFor(word), [word]);
  const slots = useMemo(() => gridOverlaysEmpty(emptyText), [emptyText]);
  return (
    <DataGrid
      aria-label="Transit records"
      rows={rows}
      rowCount={total}
      columns={columns}
      paginationMode="server"
      sortingMode="server"
      paginationModel={{ page: page - 1, pageSize: size }}
      onPaginationModelChange={(m) =>
        onView(m.pageSize !== size ? { page: 1, size: m.pageSize } : { page: m.page + 1 })
      }
      sortModel={toSortModel(ordering)}
      onSortModelChange={(m) => onView({ ordering: toOrdering(m) ?? '-date', page: 1 })}
      pageSizeOptions={[...PAGE_SIZES]}
      checkboxSelection={selection !== undefined}
      rowSelectionModel={selection?.model}
      onRowSelectionModelChange={selection?.onChange}
      disableRowSelectionOnClick
      onRowClick={({ row }) => onOpen(row)}
      // Enter on a row's cell opens it as a click does, for the keyboard.
      onCellKeyDown={({ row }, event) => {
        if (event.key === 'Enter') onOpen(row);
      }}
      getRowClassName={({ id }) => (id === activeId ? 'record-row--active' : '')}
      // Beside the review panel the narrower list keeps what identifies and scores a record.
      columnVisibilityModel={activeId === null ? {} : PANEL_HIDDEN_COLUMNS}
      disableColumnMenu
      density="compact"
      autoHeight
      slots={slots}
      sx={{
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        '& .record-row--active': { bgcolor: 'action.selected' },
      }}
    />
  );
}
