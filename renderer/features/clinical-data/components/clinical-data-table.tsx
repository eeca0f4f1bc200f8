import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import {
  CLINICAL_ANALYTE_INFO,
  CLINICAL_ANALYTES,
  CLINICAL_DATA_ORDERINGS,
  type ClinicalDataDto,
  type ClinicalDataListParams,
} from '../../../../shared/api/clinical-data';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { ExportButton } from '../../../components/ui/export-button';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { formatDay } from '../../../lib/calendar-day';
import { formatDateTime, formatNumber, formatVitalMetric } from '../../../lib/format';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useLineWord } from '../../institutes';
import { LabelChip } from '../../labels';
import { exportClinicalData } from '../api/export-clinical-data';
import { useClinicalDataList } from '../api/get-clinical-data-list';
import { ClinicalDataDialog } from './clinical-data-dialog';
import { DeleteClinicalDataDialog } from './delete-clinical-data-dialog';
import { ImportClinicalDataDialog } from './import-clinical-data-dialog';
import { filterParams, useClinicalDataFilters } from './use-clinical-data-filters';
import { ErrorFetching } from '../../../components/ui/query-state';

type Open =
  { kind: 'create' | 'import' } | { kind: 'edit' | 'delete'; entry: ClinicalDataDto } | null;

const DEFAULT_ORDERING: Ordering = '-date';
/** Grid column → API ordering field. */
const SORT_FIELDS: Record<string, string> = {
  date: 'date',
  record_date: 'record__date',
  record_line: 'record__line__name',
  h_index: 'h_index',
  ldh: 'ldh',
  asat: 'asat',
  potassium: 'potassium',
  pfhb: 'pfhb',
};

type Ordering = NonNullable<ClinicalDataListParams['ordering']>;

const valueColumn = (field: string, headerName: string): GridColDef<ClinicalDataDto> => ({
  field,
  headerName,
  width: 96,
  type: 'number',
  sortable: field in SORT_FIELDS,
  valueFormatter: (v: number | null) => formatNumber(v, 2),
});

/** /clinical-data: the entries, 10 a page, with filters, sorting and page in the address. */
export function ClinicalDataTable({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const editable = useCanEdit();
  const reason = editable ? null : GUEST_REASON;
  const [open, setOpen] = useState<Open>(null);
  const [filters] = useClinicalDataFilters();
  const pagination = useUrlPagination(PAGE_SIZE_OPTIONS);
  const [sortModel, setSortModel, ordering] = useUrlOrdering<Ordering>(
    SORT_FIELDS,
    CLINICAL_DATA_ORDERINGS,
    DEFAULT_ORDERING,
  );
  const listParams: ClinicalDataListParams = { ...filterParams(filters), ordering };
  const query = useClinicalDataList(instituteId, {
    ...listParams,
    page: pagination[0].page,
    size: pagination[0].pageSize,
  });

  const columns = useMemo<GridColDef<ClinicalDataDto>[]>(
    () => [
      {
        field: 'date',
        headerName: 'Date',
        width: 120,
        valueFormatter: (v: string) => formatDay(v),
      },
      {
        field: 'record_date',
        headerName: 'Record',
        width: 150,
        valueGetter: (_v, row) => row.record_detail?.date ?? null,
        valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      {
        // The line of the entry: its own, else its record's.
        field: 'record_line',
        headerName: word.singular,
        width: 170,
        valueGetter: (_v, row) => row.line_detail?.name ?? '—',
      },
      {
        field: 'record_auc',
        headerName: 'VitalMetric',
        width: 100,
        sortable: false,
        valueGetter: (_v, row) => row.record_detail?.auc ?? null,
        valueFormatter: (v: number | null) => formatVitalMetric(v),
      },
      ...CLINICAL_ANALYTES.flatMap((a) => [
        valueColumn(a, `${CLINICAL_ANALYTE_INFO[a].tab} (${CLINICAL_ANALYTE_INFO[a].unit})`),
        valueColumn(`${a}_baseline`, `${CLINICAL_ANALYTE_INFO[a].tab} baseline`),
      ]),
      {
        field: 'exclude_from_model',
        headerName: 'Excluded',
        type: 'boolean',
        width: 84,
        sortable: false,
      },
      { field: 'donor_sample', headerName: 'Donor', type: 'boolean', width: 72, sortable: false },
      {
        field: 'labels',
        headerName: 'Labels',
        width: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.labels.map((l) => (
              <LabelChip key={l.id} label={l} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <DisabledReason reason={reason}>
            <span>
              <IconButton
                size="small"
                aria-label={`Edit clinical data of ${formatDay(row.date)}`}
                disabled={!editable}
                onClick={() => setOpen({ kind: 'edit', entry: row })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Delete clinical data of ${formatDay(row.date)}`}
                disabled={!editable}
                onClick={() => setOpen({ kind: 'delete', entry: row })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </DisabledReason>
        ),
      },
    ],
    [editable, reason, word.singular],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <ExportButton
          onExport={(format, onProgress) =>
            exportClinicalData(instituteId, listParams, format, onProgress)
          }
        />
        <DisabledReason reason={reason}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={!editable}
            onClick={() => setOpen({ kind: 'import' })}
          >
            Import (CSV)
          </Button>
        </DisabledReason>
        <DisabledReason reason={reason}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!editable}
            onClick={() => setOpen({ kind: 'create' })}
          >
            Add Clinical Data
          </Button>
        </DisabledReason>
      </Stack>
      {query.isError ? (
        <ErrorFetching error={query.error} />
      ) : (
        <DataGrid
          aria-label="Clinical data"
          {...COMPACT_GRID}
          {...serverPaged(query, pagination, PAGE_SIZE_OPTIONS)}
          columns={columns}
          sortingMode="server"
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          disableRowSelectionOnClick
          slots={gridOverlays}
        />
      )}
      {open?.kind === 'create' && (
        <ClinicalDataDialog instituteId={instituteId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'import' && (
        <ImportClinicalDataDialog instituteId={instituteId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'edit' && (
        <ClinicalDataDialog
          instituteId={instituteId}
          entry={open.entry}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteClinicalDataDialog entry={open.entry} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
