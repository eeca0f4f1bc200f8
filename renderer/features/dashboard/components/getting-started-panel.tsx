import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useLineWord } from '../../institutes';
import { GettingStartedSteps } from './guides';

/** Before the first record: what to do first. */
export function GettingStartedPanel() {
  const word = useLineWord();
  return (
    <Paper component="section" aria-label="Getting Started" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h2" gutterBottom>
        Getting Started
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        No Records yet. Four steps to your first review:
      </Typography>
      <GettingStartedSteps word={word} />
      <Button component={Link} to="/launch" variant="contained" sx={{ mt: 1 }}>
        Open the Desktop App
      </Button>
    </Paper>
  );
}
