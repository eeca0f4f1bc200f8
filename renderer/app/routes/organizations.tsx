import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { OrganizationsTable } from '../../features/institutes';
import { useAllows } from '../../lib/permissions';

/** /organizations (staff, owner). */
export default function OrganizationsPage() {
  const staff = useAllows('institute:staff-fields');
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Organizations
      </Typography>
      <OrganizationsTable staff={staff} />
    </Paper>
  );
}
