import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { PasswordResetForm } from '../../../features/auth';

export default function ResetPasswordConfirmPage() {
  const { token = '' } = useParams();
  return (
    <>
      <Typography variant="h1" align="center" gutterBottom>
        Choose a New Password
      </Typography>
      <PasswordResetForm token={token} />
    </>
  );
}
