import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { HistoryPanel } from '../../features/audit';
import {
  ContractFiles,
  ContractForm,
  ContractStatusChip,
  useContract,
} from '../../features/contracts';
import { ErrorFetching } from '../../components/ui/query-state';

/** /contracts/{id}/edit: the form (organization fixed) and the contract's files. */
export default function ContractEditPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  if (contract.isLoading) return <LoadingScreen />;
  if (!contract.data)
    return (
      <ErrorFetching
        error={contract.error}
        back={{ to: '/contracts', label: 'Contracts' }}
        notFound="Contract not found."
      />
    );
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Update Contract
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Contract type: {contract.data.contract_type} · Status:{' '}
        <ContractStatusChip status={contract.data.status} />
      </Typography>
      <ContractForm key={contract.data.id} contract={contract.data} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h2" gutterBottom>
        Files
      </Typography>
      <ContractFiles contract={contract.data} />
      <Divider sx={{ my: 3 }} />
      <HistoryPanel
        instituteId={contract.data.institute}
        objectType="contract"
        objectId={contract.data.id}
      />
    </Paper>
  );
}
