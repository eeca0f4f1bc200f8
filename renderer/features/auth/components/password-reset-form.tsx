import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { passwordResetForm } from '../../../../shared/api/auth';
import { REVOKES_OWN_TOKENS } from '../../../../shared/api/token-revocation';
import { FormTextField } from '../../../components/ui/form-text-field';
import { supportEmail } from '../../../components/ui/support-email';
import { errorDetail } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

type Values = z.infer<typeof passwordResetForm>;

export function PasswordResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(passwordResetForm),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const submit = handleSubmit(({ new_password }) =>
    reset.mutate(
      { token, new_password },
      {
        onSuccess: () => {
          enqueueSnackbar('Your password has been reset, please login with your new password.', {
            variant: 'success',
          });
          navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      {reset.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorDetail(reset.error) ??
            `Oops! Something went wrong, please try again or contact ${supportEmail()}`}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="new_password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <FormTextField
        control={control}
        name="confirm_password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        A new password signs you out everywhere. {REVOKES_OWN_TOKENS}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={reset.isPending}
        sx={{ mt: 2 }}
      >
        Reset Password
      </Button>
    </form>
  );
}
