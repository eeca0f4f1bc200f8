import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useUser } from '../../features/auth/api/get-user';
import { AccountForm } from '../../features/account/components/account-form';

export default function AccountPage() {
  const { data: user } = useUser();
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h1" gutterBottom>
        Account Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {user?.email}
      </Typography>
      {user && <AccountForm user={user} />}
    </Paper>
  );
}
