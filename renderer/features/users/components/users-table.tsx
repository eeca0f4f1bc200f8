import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '../../../../shared/api/users';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { SearchField } from '../../../components/ui/search-field';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useUsers } from '../api/get-users';
import { RoleChip } from './role-chip';
import { ErrorFetching } from '../../../components/ui/query-state';

const columns: GridColDef<User>[] = [
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 220, sortable: false },
  { field: 'first_name', headerName: 'First Name', flex: 1, minWidth: 120, sortable: false },
  { field: 'last_name', headerName: 'Last Name', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'role',
    headerName: 'Role',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => <RoleChip role={row.role} />,
  },
  {
    field: 'manage',
    headerName: 'Manage',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Button
        size="small"
        component={RouterLink}
        to={`/users/edit/${row.id}`}
        aria-label={`Edit ${row.email}`}
      >
        Edit
      </Button>
    ),
  },
];

/** /users (staff): every user, searched and paged in the address. */
export function UsersTable() {
  const [params, setFilter] = useUrlFilters();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZE_OPTIONS);
  const search = params.get('search') ?? '';
  const users = useUsers({ page: pagination.page, size: pagination.pageSize, search });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <SearchField
          label="Search by Email/Fist Name/Last Name"
          width={340}
          value={search}
          onChange={(v) => setFilter('search', v)}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to="/users/create"
          sx={{ ml: 'auto' }}
        >
          Add User
        </Button>
      </Stack>
      {users.isError ? (
        <ErrorFetching error={users.error} />
      ) : (
        <DataGrid
          aria-label="Users"
          {...COMPACT_GRID}
          {...serverPaged(users, [pagination, setPagination], PAGE_SIZE_OPTIONS)}
          columns={columns}
          disableRowSelectionOnClick
          slots={gridOverlays}
        />
      )}
    </Stack>
  );
}
