import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { registerForm, type RegistrationInfo } from '../../../../shared/api/auth';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useRegister } from '../api/register';

type Values = z.infer<typeof registerForm>;

interface Props {
  token: string;
  invitation: RegistrationInfo;
}

export function RegisterForm({ token, invitation }: Props) {
  const register = useRegister();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(registerForm),
    defaultValues: {
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      password: '',
      confirm_password: '',
    },
  });

  const submit = handleSubmit(({ confirm_password: _confirm, ...values }) =>
    register.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          enqueueSnackbar('You have been registered, please log in to view your dashboard.', {
            variant: 'success',
          });
          navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      {register.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorDetail(register.error) ?? 'There was an error registering. Please try again later.'}
        </Alert>
      )}
      {/* Read-only rather than disabled: the invited address stays legible. */}
      <TextField
        label="E-mail"
        value={invitation.email}
        slotProps={{ input: { readOnly: true } }}
      />
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
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="confirm_password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={register.isPending}
        sx={{ mt: 2 }}
      >
        Register
      </Button>
    </form>
  );
}
