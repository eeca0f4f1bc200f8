import Alert from '@mui/material/Alert';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import type { User } from '../../../../shared/api/users';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { useInstituteUsers } from '../api/get-institute-users';
import { RoleChip } from './role-chip';

const columns: GridColDef<User>[] = [
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 200, sortable: false },
  { field: 'first_name', headerName: 'First Name', flex: 1, minWidth: 120, sortable: false },
  { field: 'last_name', headerName: 'Last Name', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'role',
    headerName: 'Role',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => <RoleChip role={row.role} />,
  },
];

/** The members of one organization, a page at a time from the server. */
export function InstituteUsersTable({ instituteId }: { instituteId: number }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const users = useInstituteUsers({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
  });

  if (users.isError) return <Alert severity="error">Error fetching data</Alert>;
  return (
    <DataGrid
      aria-label="Users"
      rows={users.data?.items ?? []}
      rowCount={users.data?.total ?? 0}
      columns={columns}
      loading={users.isFetching}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={setPagination}
      pageSizeOptions={[10, 25, 50, 100]}
      disableRowSelectionOnClick
      disableColumnMenu
      density="compact"
      autoHeight
      slots={gridOverlays}
    />
  );
}
