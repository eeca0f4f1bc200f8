import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { Institute } from '../../../../shared/api/institutes';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationDialog } from './organization-dialog';
import { RELATIONSHIP_LABELS, SUBSCRIPTION_LABELS } from './organization-labels';

/**
 * /organizations: staff see every organization with Relationship and Subscription and may create
 * one; owners see their own. Search, archived filter and page live in the address.
 */
export function OrganizationsTable({ staff }: { staff: boolean }) {
  const [params, setParams] = useSearchParams();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZE_OPTIONS);
  const search = params.get('search') ?? '';
  const excludeArchived = params.get('archived') !== 'show';
  const [dialog, setDialog] = useState<{ institute?: Institute } | null>(null);
  const organizations = useOrganizations({
    page: pagination.page,
    size: pagination.pageSize,
    search,
    excludeArchived,
  });

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns = useMemo<GridColDef<Institute>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 2, minWidth: 200, sortable: false },
      {
        field: 'partner_id',
        headerName: 'Partner ID',
        flex: 1,
        minWidth: 120,
        sortable: false,
      },
      ...(staff
        ? ([
            {
              field: 'relationship',
              headerName: 'Relationship',
              flex: 1,
              minWidth: 150,
              sortable: false,
              valueGetter: (_v, row) => RELATIONSHIP_LABELS[row.relationship],
            },
            {
              field: 'subscription',
              headerName: 'Subscription',
              width: 130,
              sortable: false,
              valueGetter: (_v, row) => SUBSCRIPTION_LABELS[row.subscription],
            },
          ] satisfies GridColDef<Institute>[])
        : []),
      {
        field: 'actions',
        headerName: 'Actions',
        width: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button
              size="small"
              onClick={() => setDialog({ institute: row })}
              aria-label={`Edit ${row.name}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              component={RouterLink}
              to={`/organization/${row.id}/settings`}
              aria-label={`Settings of ${row.name}`}
            >
              Settings
            </Button>
          </Stack>
        ),
      },
    ],
    [staff],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Search"
          type="search"
          defaultValue={search}
          onChange={(e) => setParam('search', e.target.value.trim())}
          sx={{ width: 280 }}
        />
        {staff && (
          <FormControlLabel
            label="Exclude archived"
            control={
              <Switch
                checked={excludeArchived}
                onChange={(e) => setParam('archived', e.target.checked ? null : 'show')}
              />
            }
          />
        )}
        {staff && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            sx={{ ml: 'auto' }}
          >
            Add Organization
          </Button>
        )}
      </Stack>
      {organizations.isError ? (
        <Alert severity="error">Error fetching data</Alert>
      ) : (
        <DataGrid
          aria-label="Organizations"
          rows={organizations.data?.items ?? []}
          rowCount={organizations.data?.total ?? 0}
          columns={columns}
          loading={organizations.isFetching && !organizations.data}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          disableRowSelectionOnClick
          disableColumnMenu
          density="compact"
          autoHeight
          slots={gridOverlaysEmpty('No Organizations')}
        />
      )}
      {dialog && (
        <OrganizationDialog
          institute={dialog.institute}
          staff={staff}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
