import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { addDays } from '../../../../shared/domain/time-zone';
import { dayRangeErrors } from '../../../../shared/domain/dates';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { timeAxis, valueAxis, xZoom } from '../../../components/charts/options';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { useInstitute, useLineWord } from '../../institutes';
import { useValidations } from '../../validations';
import { useLines } from '../../lines';
import { useCumulativeDataOf } from '../api/get-record-series';
import { TroubleshootingUpsell, useTimeDetailsLocked } from './troubleshooting-upsell';
import { useRecords, type RecordsParams } from '../api/get-records';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { zonedToday } from '../../../lib/time-zone';

/** The compare table pages 10, 25, 50 or 90 records. */
const PAGE_SIZES = [10, 25, 50, 90];
/** Records chosen for the user when a filter is applied. */
const PRESELECTED = 2;

const ids = (value: string | null) =>
  (value ?? '').split(',').filter(Boolean).map(Number).filter(Number.isInteger);

interface Filters {
  lineIds: number[];
  validationIds: number[];
  from: string;
  to: string;
}

function filtersOf(params: URLSearchParams, lineId: number): Filters {
  return {
    lineIds: params.has('line_ids') ? ids(params.get('line_ids')) : [lineId],
    validationIds: ids(params.get('validation_ids')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

const columnsFor = (lineHeader: string): GridColDef<RecordDto>[] => [
  {
    field: 'date',
    headerName: 'Date',
    width: 170,
    valueFormatter: (v: string) => formatDateTime(v),
  },
  {
    field: 'line',
    headerName: lineHeader,
    flex: 1,
    minWidth: 140,
    valueGetter: (_v, r) => r.line?.name ?? '–',
  },
  { field: 'vial', headerName: 'Vial', width: 110 },
  {
    field: 'auc',
    headerName: 'VitalMetric (g·s)',
    width: 150,
    type: 'number',
    valueGetter: (_v, r) => formatNumber(r.metrics?.auc, 0),
  },
];

function CumulativeChart({ records }: { records: RecordDto[] }) {
  const curves = useCumulativeDataOf(
    records.map((r) => r.id),
    'auc',
  );
  const option = records.length
    ? {
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v.toFixed(0)} g·s` },
        legend: { top: 0 },
        grid: { left: 72, right: 32, top: 40, bottom: 64 },
        dataZoom: xZoom(),
        xAxis: timeAxis('elapsed'),
        yAxis: valueAxis('Cumulative VitalMetric', 'g·s', { min: 0 }),
        series: records.map((r, i) => {
          const data = curves[i]?.data;
          return {
            type: 'line',
            name: `${formatDateTime(r.date)} (${r.line?.name ?? '–'})`,
            showSymbol: false,
            data: data ? data.time.map((t, k) => [t, data.cumulative_metric[k]]) : [],
          };
        }),
      }
    : null;
  return (
    <ChartPanel
      title="Cumulative VitalMetric"
      exportName="records-cumulative"
      option={option}
      loading={curves.some((c) => c.isLoading)}
      error={curves.some((c) => c.isError)}
      emptyText="Please filter and select Records to view data"
      height={400}
    />
  );
}

/** Filter records by lines, validations and dates, then overlay the chosen records' curves. */
export function RecordCompare({ instituteId, lineId }: { instituteId: number; lineId: number }) {
  const word = useLineWord();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Filters>(() => filtersOf(params, lineId));
  const applied = params.get('applied') === 'true' ? filtersOf(params, lineId) : null;
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [selection, setSelection] = useState<RecordDto[]>([]);
  const lines = useLines({ instituteId, ordering: 'name' });
  const validations = useValidations({ instituteId, size: FULL_LIST_SIZE });
  const today = zonedToday(useInstitute(instituteId).data?.timezone);
  // The curves over time are time details: behind the offer where troubleshooting is off.
  const locked = useTimeDetailsLocked(instituteId);

  const query: RecordsParams | null = applied && {
    line_ids: applied.lineIds,
    validation_ids: applied.validationIds,
    date__gte: applied.from || undefined,
    // To is inclusive: the records before the next day.
    date__lt: applied.to ? addDays(applied.to, 1) : undefined,
    exclude: false,
    page: pagination.page,
    size: pagination.pageSize,
  };
  const records = useRecords(instituteId, query);
  const errors = dayRangeErrors(draft, today);

  // A fresh filter picks the first records for the user, up to two.
  const firstPage = records.data?.items;
  const appliedKey = params.toString();
  useEffect(() => {
    if (firstPage) setSelection((s) => (s.length ? s : firstPage.slice(0, PRESELECTED)));
  }, [firstPage, appliedKey]);

  const apply = () => {
    setSelection([]);
    setPagination((p) => ({ ...p, page: 0 }));
    const next = new URLSearchParams();
    next.set('line_ids', draft.lineIds.join(','));
    if (draft.validationIds.length) next.set('validation_ids', draft.validationIds.join(','));
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    next.set('applied', 'true');
    setParams(next, { replace: true });
  };
  const selectionModel: GridRowSelectionModel = {
    type: 'include',
    ids: new Set(selection.map((r) => r.id)),
  };

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack
          sx={{ alignItems: 'flex-start' }}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
        >
          <Autocomplete
            multiple
            sx={{ minWidth: 260, flex: 2 }}
            options={lines.data?.items ?? []}
            getOptionLabel={(l) => l.name}
            value={(lines.data?.items ?? []).filter((l) => draft.lineIds.includes(l.id))}
            onChange={(_e, v) => setDraft({ ...draft, lineIds: v.map((l) => l.id) })}
            renderInput={(p) => <TextField {...p} label={word.plural} margin="none" />}
          />
          <Autocomplete
            multiple
            sx={{ minWidth: 220, flex: 2 }}
            options={validations.data?.items ?? []}
            getOptionLabel={(v) => v.name}
            value={(validations.data?.items ?? []).filter((v) =>
              draft.validationIds.includes(v.id),
            )}
            onChange={(_e, v) => setDraft({ ...draft, validationIds: v.map((x) => x.id) })}
            renderInput={(p) => <TextField {...p} label="Validations" margin="none" />}
          />
          <TextField
            type="date"
            label="From Date"
            margin="none"
            sx={{ flex: 1 }}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            error={errors.from !== undefined}
            helperText={errors.from}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            type="date"
            label="To Date"
            margin="none"
            sx={{ flex: 1 }}
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            error={errors.to !== undefined}
            helperText={errors.to}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: today, min: draft.from || undefined },
            }}
          />
          <Button
            variant="contained"
            onClick={apply}
            disabled={draft.lineIds.length === 0 || Boolean(errors.from || errors.to)}
            sx={{ alignSelf: 'center' }}
          >
            Get Records
          </Button>
        </Stack>
      </Paper>
      {records.isError && <ErrorFetching error={records.error} />}
      {applied && (
        <DataGrid
          aria-label="Records to compare"
          rows={records.data?.items ?? []}
          rowCount={records.data?.total ?? 0}
          columns={columnsFor(word.singular)}
          loading={records.isFetching}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={PAGE_SIZES}
          checkboxSelection
          keepNonExistentRowsSelected
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(model) => {
            const page = records.data?.items ?? [];
            const chosen = (r: RecordDto) =>
              model.type === 'include' ? model.ids.has(r.id) : !model.ids.has(r.id);
            // Keep choices made on other pages; this page's rows follow the grid.
            const elsewhere = selection.filter((r) => !page.some((p) => p.id === r.id));
            setSelection([...elsewhere, ...page.filter(chosen)]);
          }}
          disableColumnMenu
          density="compact"
          autoHeight
          slots={gridOverlays}
        />
      )}
      <Paper sx={{ p: 2 }}>
        <TroubleshootingUpsell locked={locked}>
          <CumulativeChart records={selection} />
        </TroubleshootingUpsell>
      </Paper>
    </Stack>
  );
}
