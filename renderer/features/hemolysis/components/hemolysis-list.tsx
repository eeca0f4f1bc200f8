import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HEMOLYSIS_MESSAGES, type HemolysisDataDto } from '../../../../shared/api/hemolysis';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { formatDateTime } from '../../../lib/format';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useLineWord } from '../../institutes';
import { useSelectedInstitute } from '../../institutes';
import { LabelChip } from '../../labels';
import { useHemolysisDataList } from '../api/get-hemolysis-data-list';
import { HemolysisUploadDialog } from './hemolysis-upload-dialog';
import { ErrorFetching } from '../../../components/ui/query-state';

/** /hemolysis-index: the organization's data sets, newest first, and the add dialog. */
export function HemolysisList({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const editable = useCanEdit();
  const institute = useSelectedInstitute();
  const [adding, setAdding] = useState(false);
  const pagination = useUrlPagination(PAGE_SIZE_OPTIONS);
  const query = useHemolysisDataList(instituteId, {
    page: pagination[0].page,
    size: pagination[0].pageSize,
    ordering: '-upload_date',
  });

  const columns = useMemo<GridColDef<HemolysisDataDto>[]>(
    () => [
      {
        field: 'title',
        headerName: 'Title',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/hemolysis-index-data/${row.id}`}>
            {row.title}
          </Link>
        ),
      },
      { field: 'line', headerName: word.singular, width: 180, valueGetter: (_v, r) => r.line.name },
      {
        field: 'count',
        headerName: 'Measurements',
        type: 'number',
        width: 120,
        valueGetter: (_v, r) => r.measurement_summary.count,
      },
      {
        field: 'start',
        headerName: 'First',
        width: 150,
        valueGetter: (_v, r) => formatDateTime(r.measurement_summary.start),
      },
      {
        field: 'end',
        headerName: 'Last',
        width: 150,
        valueGetter: (_v, r) => formatDateTime(r.measurement_summary.end),
      },
      { field: 'donor_sample', headerName: 'Donor', type: 'boolean', width: 72 },
      {
        field: 'labels',
        headerName: 'Labels',
        width: 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.labels.map((l) => (
              <LabelChip key={l.id} label={l} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'upload_date',
        headerName: 'Uploaded',
        width: 150,
        valueFormatter: (v: string) => formatDateTime(v),
      },
    ],
    [word.singular],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <DisabledReason reason={editable ? null : GUEST_REASON}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!editable}
            onClick={() => setAdding(true)}
          >
            Add Hemolysis Data
          </Button>
        </DisabledReason>
      </Stack>
      {query.isError ? (
        <ErrorFetching error={query.error} />
      ) : (
        <DataGrid
          aria-label="Hemolysis index data"
          {...COMPACT_GRID}
          {...serverPaged(query, pagination, PAGE_SIZE_OPTIONS)}
          columns={columns}
          disableColumnSorting
          disableRowSelectionOnClick
          slots={gridOverlaysEmpty(HEMOLYSIS_MESSAGES.empty)}
        />
      )}
      {adding && (
        <HemolysisUploadDialog
          instituteId={instituteId}
          defaultTimeZone={institute.data?.timezone ?? 'UTC'}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
