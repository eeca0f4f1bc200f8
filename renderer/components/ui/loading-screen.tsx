import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LOADING_SCREEN_MARK } from '../../shell/screen-shell';

export const LOADING_TEXT = 'Please be patient, large data sets take time.';

export function LoadingScreen() {
  return (
    <Box
      role="status"
      {...{ [LOADING_SCREEN_MARK]: '' }}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{LOADING_TEXT}</Typography>
    </Box>
  );
}
