import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { passwordResetRequest } from '../../../../shared/api/auth';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useRequestPasswordReset, type PasswordResetRequest } from '../api/request-password-reset';

export function PasswordResetRequestForm() {
  const request = useRequestPasswordReset();
  const { control, handleSubmit, getValues } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <Alert severity="success" role="status">
        If an account exists for {getValues('email')}, we have sent it an e-mail with a link to
        reset the password. Please check your inbox.
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))}>
      {request.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorDetail(request.error) ??
            'There was an error sending the e-mail. Please try again later.'}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={request.isPending}
        sx={{ mt: 2 }}
      >
        Send Reset Link
      </Button>
    </form>
  );
}
