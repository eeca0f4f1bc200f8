import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useRegistration, RegisterForm } from '../../../features/auth';
import { errorDetail } from '../../../lib/api-client';

export default function RegisterPage() {
  const { token = '' } = useParams();
  const invitation = useRegistration(token);

  let body;
  if (invitation.isPending) body = <LoadingScreen />;
  else if (invitation.isError)
    body = (
      <>
        <Alert severity="error">
          {errorDetail(invitation.error) ?? 'This registration link could not be checked.'}
        </Alert>
        <Link component={RouterLink} to="/login" sx={{ display: 'block', mt: 2 }}>
          Go to login
        </Link>
      </>
    );
  else body = <RegisterForm token={token} invitation={invitation.data} />;

  return (
    <>
      <Typography variant="h1" align="center" gutterBottom>
        Register
      </Typography>
      {body}
    </>
  );
}
