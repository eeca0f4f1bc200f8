import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ContractsTable } from '../../features/contracts';

/** /contracts: the contract book (staff). */
export default function ContractsPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Contracts
      </Typography>
      <ContractsTable />
    </Paper>
  );
}
