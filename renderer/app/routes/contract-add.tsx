import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ContractForm } from '../../features/contracts';

/** /contracts/add: the user lands on the contract's edit page once it is created. */
export default function ContractAddPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Create New Contract
      </Typography>
      <ContractForm />
    </Paper>
  );
}
