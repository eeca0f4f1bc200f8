import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** Entry point from the website: open the desktop app, get it, or stay in the browser. */
export default function LaunchPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', textAlign: 'center' }}>
      <Typography variant="h1">Welcome to VialQC</Typography>
      <Typography color="text.secondary">
        The desktop app uploads the data of connected vials. Everything else also works in the
        browser.
      </Typography>
      <Button variant="contained" size="large" href="vialqc://open">
        Open the desktop app
      </Button>
      <Button variant="outlined" size="large" component={RouterLink} to="/login">
        Use in the browser
      </Button>
      <Typography variant="body2">
        No desktop app yet? <Link href="/downloads">Download the desktop app</Link>
      </Typography>
    </Stack>
  );
}
