import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { loginForm, type LoginForm as LoginValues } from '../../../../shared/api/auth';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail, errorStatus } from '../../../lib/api-client';
import { useLogin } from '../api/login';

/** The spec's wording for each way a login can fail. */
function loginFailure(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400) return errorDetail(error) ?? 'Incorrect e-mail/username or password.';
  if (status === 429)
    return errorDetail(error) ?? 'There was an error logging in. Please try again later.';
  return 'There was an error logging in. Please try again later.';
}

/** Signing in stores the session; `onSuccess` then moves on to where the user was going. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values, { onSuccess }))}>
      {login.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {loginFailure(login.error)}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="username"
        label="E-mail or Username"
        autoComplete="username"
        autoFocus
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={login.isPending}
        sx={{ mt: 2 }}
      >
        Log In
      </Button>
      <Link component={RouterLink} to="/reset-password" sx={{ display: 'block', mt: 2 }}>
        Forgot your password?
      </Link>
    </form>
  );
}
