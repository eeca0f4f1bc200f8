import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { VialsTable } from '../../features/vials';

/** /vials: vial administration (staff). */
export default function VialsPage() {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Vials
      </Typography>
      <VialsTable />
    </Paper>
  );
}
