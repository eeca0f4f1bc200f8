import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSession } from '../../../lib/session-store';

/** Only paths of this app: '//evil.example' or 'https://…' would leave it. */
const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/dashboard';

export default function LoginPage() {
  const [params] = useSearchParams();
  const access = useSession((s) => s.access);
  if (access) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <>
      <Typography variant="h1" align="center" gutterBottom>
        Log In
      </Typography>
      <LoginForm />
    </>
  );
}
