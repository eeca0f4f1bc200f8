import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { UsersTable } from '../../features/users';

/** /users (staff). */
export default function UsersPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Users
      </Typography>
      <UsersTable />
    </Paper>
  );
}
