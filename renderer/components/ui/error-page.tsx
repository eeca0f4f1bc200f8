import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { supportEmail } from './support-email';

/** What the user sees when a screen fails to render; reloading starts the app afresh. */
export function ErrorPage() {
  const email = supportEmail();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Paper role="alert" sx={{ p: 4, maxWidth: 560, textAlign: 'center' }}>
        <Typography variant="h1" gutterBottom>
          Sorry, something went wrong on our end.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please reload the page. If the problem persists, contact us at{' '}
          <a href={`mailto:${email}`}>{email}</a>.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Paper>
    </Box>
  );
}
