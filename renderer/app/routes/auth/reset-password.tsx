import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordResetRequestForm } from '../../../features/auth';

export default function ResetPasswordPage() {
  return (
    <>
      <Typography variant="h1" align="center" gutterBottom>
        Reset Password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Enter the e-mail address of your account and we will send you a link to reset your password.
      </Typography>
      <PasswordResetRequestForm />
      <Link component={RouterLink} to="/login" sx={{ display: 'block', mt: 2 }}>
        Back to login
      </Link>
    </>
  );
}
