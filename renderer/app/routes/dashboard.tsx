import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLineWord } from '../../features/institutes/hooks/use-line-word';
import { useSelectedInstitute } from '../../features/institutes/hooks/use-selected-institute';

/** Placeholder until the record summary, validation and activity panels arrive. */
export default function DashboardPage() {
  const { data: institute } = useSelectedInstitute();
  const word = useLineWord();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Dashboard
      </Typography>
      {institute && (
        <Typography variant="subtitle1" color="text.secondary" gutterBottom>
          {institute.name}
        </Typography>
      )}
      <Typography data-testid="welcome-text" sx={{ maxWidth: 720 }}>
        Welcome to VialQC. Vials travelling your {word.lowerPlural} record acceleration and
        temperature; VialQC turns each run into a transit record, scores it with VitalMetric and
        estimates how likely samples are to be rejected. Review new records, validate your{' '}
        {word.lowerPlural} and compare {word.singular.toLowerCase()} performance over time.
      </Typography>
    </Paper>
  );
}
