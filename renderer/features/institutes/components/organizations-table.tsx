import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Institute } from '../../../../shared/api/institutes';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { SearchField } from '../../../components/ui/search-field';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationDialog } from './organization-dialog';
import { useRelationshipLabel } from '../api/get-relationship-labels';
import { SUBSCRIPTION_LABELS } from './organization-labels';
import { ErrorFetching } from '../../../components/ui/query-state';

/**
 * /organizations: staff see every organization with Relationship and Subscription and may create
 * one; owners see their own. Search, archived filter and page live in the address.
 */
export function OrganizationsTable({ staff }: { staff: boolean }) {
  const [params, setParam] = useUrlFilters();
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
  const relationshipLabel = useRelationshipLabel();

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
              valueGetter: (_v, row) => relationshipLabel(row.relationship),
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
    [staff, relationshipLabel],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField
          label="Search"
          width={280}
          value={search}
          onChange={(v) => setParam('search', v)}
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
        <ErrorFetching error={organizations.error} />
      ) : (
        <DataGrid
          aria-label="Organizations"
          {...COMPACT_GRID}
          {...serverPaged(organizations, [pagination, setPagination], PAGE_SIZE_OPTIONS)}
          columns={columns}
          disableRowSelectionOnClick
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
