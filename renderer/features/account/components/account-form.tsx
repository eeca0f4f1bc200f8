import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REVOKES_OWN_TOKENS } from '../../../../shared/api/token-revocation';
import { accountUpdate } from '../../../../shared/api/auth';
import type { User } from '../../../../shared/api/users';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail, errorStatus } from '../../../lib/api-client';
import { useUpdateAccount } from '../api/update-account';

/** The API's rules plus the confirmation only the form has. */
const accountForm = z
  .intersection(accountUpdate, z.object({ confirm_password: z.string() }))
  .refine((v) => (v.new_password ?? '') === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });
type Values = z.input<typeof accountForm>;

const emptyPasswords = { current_password: '', new_password: '', confirm_password: '' };

export function AccountForm({ user }: { user: User }) {
  const update = useUpdateAccount();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError } = useForm<Values>({
    resolver: zodResolver(accountForm),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, ...emptyPasswords },
  });

  const submit = handleSubmit(({ confirm_password: _confirm, ...values }) =>
    update.mutate(
      {
        ...values,
        // Names alone are a valid change; empty password fields mean "keep the password".
        current_password: values.current_password || null,
        new_password: values.new_password || null,
      },
      {
        onSuccess: (saved) => {
          enqueueSnackbar('Changes saved', { variant: 'success' });
          reset({ first_name: saved.first_name, last_name: saved.last_name, ...emptyPasswords });
        },
        onError: (error) => {
          const detail = errorDetail(error) ?? 'Unable to save your changes.';
          enqueueSnackbar(detail, { variant: 'error' });
          if (errorStatus(error) === 400) setError('current_password', { message: detail });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="first_name"
          label="First Name"
          autoComplete="given-name"
        />
        <FormTextField
          control={control}
          name="last_name"
          label="Last Name"
          autoComplete="family-name"
        />
      </Stack>
      <Typography variant="h3" component="h2" sx={{ mt: 3 }}>
        Change Password
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Leave these empty to keep your current password. A new password signs out your other
        sessions. {REVOKES_OWN_TOKENS}
      </Typography>
      <FormTextField
        control={control}
        name="current_password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={control}
        name="new_password"
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="confirm_password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" loading={update.isPending} sx={{ mt: 2 }}>
        Save Changes
      </Button>
    </form>
  );
}
