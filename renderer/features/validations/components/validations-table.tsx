import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { ValidationDto } from '../../../../shared/api/validations';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { SearchField } from '../../../components/ui/search-field';
import { useLineWord } from '../../institutes';
import { useValidations } from '../api/get-validations';
import { ValidationStatusChip } from './validation-status-chip';
import { formatDay } from '../../../lib/calendar-day';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { ErrorFetching } from '../../../components/ui/query-state';

/** Validations are paged 10 by default (10, 20, 50, 100). */
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The institute's validations, newest first, a page at a time, searchable by name (page, size and
 * search in the address): 'No Validations' when there are none, 'No Validations Found' when the
 * search finds none.
 */
export function ValidationsTable({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZES);
  const [params, setParam] = useUrlFilters();
  const search = params.get('search') ?? '';
  const validations = useValidations({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
    ...(search ? { name__icontains: search } : {}),
  });

  const columns: GridColDef<ValidationDto>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/validation/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <ValidationStatusChip status={row.status} />,
    },
    {
      field: 'start_date',
      headerName: 'Start Date',
      width: 120,
      sortable: false,
      valueFormatter: (v: string) => formatDay(v),
    },
    {
      field: 'end_date',
      headerName: 'End Date',
      width: 120,
      sortable: false,
      valueFormatter: (v: string) => formatDay(v),
    },
    {
      field: 'duration_days',
      headerName: 'Duration (days)',
      width: 130,
      type: 'number',
      sortable: false,
    },
    {
      field: 'lines',
      headerName: word.plural,
      width: 90,
      type: 'number',
      sortable: false,
      valueGetter: (_v, row) => row.lines.length,
    },
    {
      field: 'baseline',
      headerName: 'Baseline',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (row.baseline ? <Chip size="small" label="Baseline" /> : ''),
    },
    {
      field: 'report',
      headerName: 'Report',
      width: 90,
      sortable: false,
      valueGetter: (_v, row) => (row.report ? 'Yes' : 'No'),
    },
  ];

  if (validations.isError) return <ErrorFetching error={validations.error} />;
  return (
    <Stack spacing={2}>
      <SearchField
        label="Search by Name"
        width={260}
        value={search}
        onChange={(v) => setParam('search', v)}
      />
      <DataGrid
        aria-label="Validations"
        {...serverPaged(validations, [pagination, setPagination], PAGE_SIZES)}
        columns={columns}
        disableRowSelectionOnClick
        {...COMPACT_GRID}
        slots={gridOverlaysEmpty(search ? 'No Validations Found' : 'No Validations')}
      />
    </Stack>
  );
}
