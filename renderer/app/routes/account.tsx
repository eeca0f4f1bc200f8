import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useUser } from '../../features/auth';
import { AccountForm } from '../../features/account';

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
