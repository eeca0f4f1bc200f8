import Link from '@mui/material/Link';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { useLineValidations, type LineValidationRow } from '../api/get-line-validations';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDay } from '../../../lib/calendar-day';
import { formatNumber, formatPercent } from '../../../lib/format';
import {
  METRIC_DECIMALS,
  METRIC_NAMES,
  METRIC_UNITS,
  useShownMetric,
  type BetaMetric,
} from '../../../lib/ui-store';
import { ErrorFetching } from '../../../components/ui/query-state';
import { ANALYTE_NAMES, ANALYTES, type Analyte } from '../../../../shared/rejection/model';

const rate = (analyte: Analyte): GridColDef<LineValidationRow> => ({
  field: analyte,
  headerName: ANALYTE_NAMES[analyte],
  width: 130,
  sortable: false,
  renderCell: ({ row }) => {
    const rates = row.auc.rejection_rates;
    return rates ? <RejectionChip fraction={rates[analyte]} /> : '–';
  },
});

/** The columns, with the figures of the metric shown (the staff's beta choice, else VitalMetric). */
const columnsOf = (metric: BetaMetric): GridColDef<LineValidationRow>[] => [
  {
    field: 'validation_name',
    headerName: 'Validation',
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/validation/${row.validation_id}`}>
        {row.validation_name}
      </Link>
    ),
  },
  {
    field: 'validation_start_date',
    headerName: 'Start Date',
    width: 120,
    sortable: false,
    valueFormatter: (v: string) => formatDay(v),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    valueFormatter: (v: string) => (v === 'completed' ? 'Completed' : 'In Progress'),
  },
  { field: 'record_count', headerName: 'Records', width: 90, type: 'number', sortable: false },
  {
    field: 'mean',
    headerName: `${METRIC_NAMES[metric]} (${METRIC_UNITS[metric]})`,
    width: 160,
    type: 'number',
    sortable: false,
    valueGetter: (_v, row) => formatNumber(row[metric].mean, METRIC_DECIMALS[metric]),
  },
  {
    field: 'cv',
    headerName: 'CV',
    width: 90,
    type: 'number',
    sortable: false,
    valueGetter: (_v, row) => formatPercent(row[metric].cv),
  },
  ...ANALYTES.map(rate),
];

/** The line's validation history with each validation's figures on this line. */
export function LineValidationsTable({ lineId }: { lineId: number }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const rows = useLineValidations(lineId, pagination.page, pagination.pageSize);
  const metric = useShownMetric();
  const columns = useMemo(() => columnsOf(metric), [metric]);
  if (rows.isError) return <ErrorFetching error={rows.error} />;
  return (
    <DataGrid
      aria-label="Validations"
      getRowId={(r) => r.validation_id}
      rows={rows.data?.items ?? []}
      rowCount={rows.data?.total ?? 0}
      columns={columns}
      loading={rows.isFetching}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={setPagination}
      pageSizeOptions={[10, 20, 50, 100]}
      disableRowSelectionOnClick
      disableColumnMenu
      density="compact"
      autoHeight
      slots={gridOverlaysEmpty('No Validations')}
    />
  );
}
