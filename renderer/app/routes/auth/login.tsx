import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '../../../features/auth';

/** Only paths of this app: '//evil.example' or 'https://…' would leave it. */
const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/dashboard';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <Typography variant="h1" align="center" gutterBottom>
        Log In
      </Typography>
      <LoginForm
        onSuccess={() => navigate(safeRedirect(params.get('redirect')), { replace: true })}
      />
    </>
  );
}
