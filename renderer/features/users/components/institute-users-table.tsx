import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '../../../../shared/api/users';
import { allows } from '../../../../shared/domain/roles';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { useDeleteUser } from '../api/delete-user';
import { useInstituteUsers } from '../api/get-institute-users';
import { useResendInvite } from '../api/resend-invite';
import { REVOKES_THEIR_ORGANIZATION_TOKENS } from '../../../../shared/api/token-revocation';
import { useRevokeAccess } from '../api/revoke-access';
import { InviteDialog } from './invite-dialog';
import { RoleChip } from './role-chip';
import { USER_TOASTS } from './user-toasts';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';

type Pending = { kind: 'revoke' | 'delete'; user: User } | null;

/** The user a confirmation names: 'Maria Member (member@example.org)', or the e-mail alone. */
const whoIs = (user: User) => {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name ? `${name} (${user.email})` : user.email;
};

/**
 * The Users section of Settings: the organization's users for every role; for staff, owners and
 * admins also their e-mail status and access management — Add User (invite by e-mail), Edit,
 * Resend Invite (only unregistered users; registered ones show Verified), Revoke Access and
 * Delete. No resend or delete on one's own row.
 */
export function InstituteUsersTable({ instituteId, me }: { instituteId: number; me: User }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: PAGE_SIZE_OPTIONS[0],
  });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const users = useInstituteUsers({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
  });
  const resend = useResendInvite();
  const revoke = useRevokeAccess(instituteId);
  const remove = useDeleteUser();
  const { enqueueSnackbar } = useSnackbar();
  const manages = allows(me.role, 'users:manage');

  const act = async (
    run: () => Promise<unknown>,
    toasts: { ok: string; failed: string },
  ): Promise<void> => {
    try {
      await run();
      enqueueSnackbar(toasts.ok, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(withDetail(toasts.failed, error), { variant: 'error' });
    }
  };

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      { field: 'email', headerName: 'Email', flex: 2, minWidth: 200, sortable: false },
      { field: 'first_name', headerName: 'First Name', flex: 1, minWidth: 110, sortable: false },
      { field: 'last_name', headerName: 'Last Name', flex: 1, minWidth: 110, sortable: false },
      {
        field: 'role',
        headerName: 'Role',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => <RoleChip role={row.role} />,
      },
      ...(manages
        ? ([
            {
              field: 'email_status',
              headerName: 'Email Status',
              width: 150,
              sortable: false,
              renderCell: ({ row }) =>
                row.unregistered ? (
                  row.id === me.id ? (
                    'Invited'
                  ) : (
                    <Button
                      size="small"
                      aria-label={`Resend Invite to ${row.email}`}
                      onClick={() => act(() => resend.mutateAsync(row.id), USER_TOASTS.resend)}
                    >
                      Resend Invite
                    </Button>
                  )
                ) : (
                  <Chip size="small" color="success" variant="outlined" label="Verified" />
                ),
            },
            {
              field: 'access',
              headerName: 'Access Management',
              width: 300,
              sortable: false,
              renderCell: ({ row }) => (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/users/edit/${row.id}`}
                    aria-label={`Edit ${row.email}`}
                  >
                    Edit
                  </Button>
                  {row.id !== me.id && (
                    <Button
                      size="small"
                      color="warning"
                      aria-label={`Revoke Access of ${row.email}`}
                      onClick={() => setPending({ kind: 'revoke', user: row })}
                    >
                      Revoke Access
                    </Button>
                  )}
                  {row.id !== me.id && (
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Delete ${row.email}`}
                      onClick={() => setPending({ kind: 'delete', user: row })}
                    >
                      Delete
                    </Button>
                  )}
                </Stack>
              ),
            },
          ] satisfies GridColDef<User>[])
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mutations are stable
    [manages, me.id],
  );

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === 'revoke') await act(() => revoke.mutateAsync(user.id), USER_TOASTS.revoke);
    else await act(() => remove.mutateAsync(user.id), USER_TOASTS.delete);
    setPending(null);
  };

  if (users.isError) return <ErrorFetching error={users.error} />;
  return (
    <Stack spacing={2}>
      {manages && (
        <Stack direction="row">
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setInviting(true)}
            sx={{ ml: 'auto' }}
          >
            Add User
          </Button>
        </Stack>
      )}
      <DataGrid
        aria-label="Users"
        {...COMPACT_GRID}
        {...serverPaged(users, [pagination, setPagination], PAGE_SIZE_OPTIONS)}
        columns={columns}
        disableRowSelectionOnClick
        slots={gridOverlays}
      />
      {inviting && (
        <InviteDialog
          instituteId={instituteId}
          myRole={me.role}
          onClose={() => setInviting(false)}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? 'Delete User' : 'Revoke Access'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Revoke Access'}
        busy={revoke.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending &&
          (pending.kind === 'delete'
            ? `Delete ${whoIs(pending.user)}? This cannot be undone.`
            : `Remove the access of ${whoIs(pending.user)} to this organization? ${REVOKES_THEIR_ORGANIZATION_TOKENS}`)}
      </ConfirmDialog>
    </Stack>
  );
}
