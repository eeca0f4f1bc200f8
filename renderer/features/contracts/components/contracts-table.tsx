import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTRACT_MESSAGES, type ContractDto } from '../../../../shared/api/contracts';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { RowAction } from '../../../components/ui/row-action';
import { SearchField } from '../../../components/ui/search-field';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { formatDay } from '../../../lib/calendar-day';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { OrganizationFilter } from '../../institutes';
import { useDeleteContract } from '../api/delete-contract';
import { useContracts } from '../api/get-contracts';
import { ContractStatusChip } from './contract-status-chip';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';

/** The contract book (staff): search, organization filter and archived toggle in the address. */
export function ContractsTable() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParam] = useUrlFilters();
  const pagination = useUrlPagination(PAGE_SIZE_OPTIONS);
  const [model] = pagination;
  const search = params.get('search') ?? '';
  const institute = params.get('institute') ?? '';
  const excludeArchived = params.get('archived') !== 'show';
  const contracts = useContracts({
    page: model.page,
    size: model.pageSize,
    ...(search ? { title__icontains: search } : {}),
    ...(institute ? { institute__id: Number(institute) } : {}),
    ...(excludeArchived ? { exclude_archived: 'true' as const } : {}),
  });
  const remove = useDeleteContract();
  const [deleting, setDeleting] = useState<ContractDto | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>({
    type: 'include',
    ids: new Set(),
  });

  const columns: GridColDef<ContractDto>[] = [
    { field: 'title', headerName: 'Title', flex: 2, minWidth: 160, sortable: false },
    {
      field: 'institute_name',
      headerName: 'Organization',
      flex: 1.5,
      minWidth: 150,
      sortable: false,
    },
    { field: 'contract_type', headerName: 'Contract Type', width: 120, sortable: false },
    {
      field: 'status',
      headerName: 'Status',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <ContractStatusChip status={row.status} />,
    },
    {
      field: 'start_date',
      headerName: 'Start Date',
      width: 110,
      sortable: false,
      valueFormatter: (v: string) => formatDay(v),
    },
    {
      field: 'end_date',
      headerName: 'End Date',
      width: 110,
      sortable: false,
      valueFormatter: (v: string | null) => (v ? formatDay(v) : 'Open'),
    },
    {
      field: 'customer_since',
      headerName: 'Customer Since',
      width: 120,
      sortable: false,
      valueFormatter: (v: string | null) => formatDay(v),
    },
    {
      field: 'files',
      headerName: 'Files',
      width: 60,
      sortable: false,
      valueGetter: (_v, row) => row.files.length,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <RowAction
            title="Edit"
            label={`Edit ${row.title}`}
            icon={<EditIcon fontSize="small" />}
            to={`/contracts/${row.id}/edit`}
          />
          <RowAction
            title="Delete"
            label={`Delete ${row.title}`}
            icon={<DeleteIcon fontSize="small" />}
            onClick={() => setDeleting(row)}
          />
        </>
      ),
    },
  ];

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(CONTRACT_MESSAGES.deleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: (error) =>
        enqueueSnackbar(withDetail(CONTRACT_MESSAGES.deleteFailed, error), { variant: 'error' }),
    });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField
          label="Search by Title"
          width={260}
          value={search}
          onChange={(v) => setParam('search', v)}
        />
        <OrganizationFilter value={institute} onChange={(v) => setParam('institute', v)} />
        <FormControlLabel
          label="Show archived"
          control={
            <Switch
              checked={!excludeArchived}
              onChange={(e) => setParam('archived', e.target.checked ? 'show' : '')}
            />
          }
        />
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <Button
            variant="outlined"
            disabled={selection.ids.size === 0}
            onClick={() => enqueueSnackbar(CONTRACT_MESSAGES.bulkEdit, { variant: 'info' })}
          >
            Bulk Edit
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate('/contracts/add')}
          >
            Add Contract
          </Button>
        </Stack>
      </Stack>
      {contracts.isError ? (
        <ErrorFetching error={contracts.error} />
      ) : (
        <DataGrid
          aria-label="Contracts"
          {...COMPACT_GRID}
          {...serverPaged(contracts, pagination, PAGE_SIZE_OPTIONS)}
          columns={columns}
          checkboxSelection
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          slots={gridOverlays}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.title ?? ''}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        The contract and its files are deleted. {CONTRACT_MESSAGES.deleteFilesWarning}.
      </ConfirmDialog>
    </Stack>
  );
}
