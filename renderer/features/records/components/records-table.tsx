import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { counted } from '../../../../shared/domain/plural';
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

/**
 * A row's own control for its review, the first stop of the row after its checkbox: a click, or
 * Enter or Space on it (not the grid's "select this row"), opens the review.
 */
const reviewColumn = (onOpen: (record: RecordDto) => void): GridColDef<RecordDto> => ({
  field: 'review',
  type: 'actions',
  headerName: 'Review',
  width: 70,
  getActions: ({ row }) => [
    <GridActionsCellItem
      key="review"
      icon={<RateReviewOutlinedIcon />}
      label={`Review ${formatDateTime(row.date)} · Vial ${row.vial ?? '–'}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(row);
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ' && event.key !== 'Enter') return;
        event.preventDefault();
        event.stopPropagation();
        onOpen(row);
      }}
    />,
  ],
});

function columnsFor(
  word: LineWord,
  onReview: ((record: RecordDto) => void) | undefined,
): GridColDef<RecordDto>[] {
  return [
    ...(onReview ? [reviewColumn(onReview)] : []),
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
      renderCell: ({ row }) => (
        <>
          <RejectionChip percent={row.metrics?.rejection} />
          {row.alarms.length > 0 && (
            <ErrorIcon
              color="error"
              fontSize="small"
              titleAccess={counted(row.alarms.length, 'monitoring alarm', 'monitoring alarms')}
              sx={{ ml: 0.5, verticalAlign: 'middle' }}
            />
          )}
        </>
      ),
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
/**
 * On a phone a row is the record's date (its link, a tap on the row reviews it) and rejection,
 * then its line (issue 44: the rejection was off-screen at 360 px); the rest is on the record's
 * page. Fewer cells are also less of the phone's main thread to draw (issue 44, point 8).
 */
const PHONE_HIDDEN_COLUMNS = {
  ...PANEL_HIDDEN_COLUMNS,
  review: false,
  vial: false,
  auc: false,
  labels: false,
};
const PHONE_ORDER = ['date', 'rejection', 'line'];
/** The rejection's chip ('Acceptable 4.2%') fits in this on a phone. */
const PHONE_REJECTION_WIDTH = 150;
const phoneColumns = (columns: GridColDef<RecordDto>[]): GridColDef<RecordDto>[] => [
  ...PHONE_ORDER.map((field) => {
    const column = columns.find((c) => c.field === field)!;
    return field === 'rejection' ? { ...column, width: PHONE_REJECTION_WIDTH } : column;
  }),
  ...columns.filter((c) => !PHONE_ORDER.includes(c.field)),
];

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

/**
 * One page of transit records from the server; a row click (or Enter) opens its review form.
 * Drawn again only when its own props change, not at each poll of the screen's counts.
 */
export const RecordsTable = memo(function RecordsTable({
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
  // Editors review in the panel beside the list (others open the record's page).
  const onReview = selection === undefined ? undefined : onOpen;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), {
    // Known at the first render: the grid is drawn once, with the phone's columns.
    noSsr: true,
  });
  const columns = useMemo(() => {
    const all = columnsFor(word, onReview);
    return phone ? phoneColumns(all) : all;
  }, [word, onReview, phone]);
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
      // Bulk actions are a desk's work: a phone's narrow row keeps its room for the figures.
      checkboxSelection={selection !== undefined && !phone}
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
      columnVisibilityModel={
        phone ? PHONE_HIDDEN_COLUMNS : activeId === null ? {} : PANEL_HIDDEN_COLUMNS
      }
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
});
