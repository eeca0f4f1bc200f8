import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { INVITE_ROLES, userInvite } from '../../../../shared/api/users';
import { mayGrant, type Role } from '../../../../shared/domain/roles';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useInviteUser } from '../api/invite-user';
import { formErrorToast, USER_TOASTS } from './user-toasts';

type Values = z.input<typeof userInvite>;
const roleLabel = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

/** Add User in the Users section: an invitation by e-mail, role guest unless chosen. */
export function InviteDialog({
  instituteId,
  myRole,
  onClose,
}: {
  instituteId: number;
  myRole: Role;
  onClose: () => void;
}) {
  const invite = useInviteUser(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(userInvite),
    defaultValues: { email: '', role: 'guest' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      enqueueSnackbar(USER_TOASTS.create.ok, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(formErrorToast('create', error), { variant: 'error' });
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-dialog-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invite-dialog-title">Add User</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              autoFocus
            />
            <FormTextField control={control} name="role" label="Role" select>
              {INVITE_ROLES.filter((r) => mayGrant(myRole, r)).map((r) => (
                <MenuItem key={r} value={r}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            Send Invite
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
