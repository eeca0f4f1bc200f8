import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link, useLocation } from 'react-router-dom';

/** What a screen puts in navigation state so the next one can offer the way back. */
export interface BackTo {
  from: { name: string; path: string };
}

function isBackTo(state: unknown): state is BackTo {
  if (typeof state !== 'object' || state === null || !('from' in state)) return false;
  const { from } = state;
  return (
    typeof from === 'object' &&
    from !== null &&
    'name' in from &&
    'path' in from &&
    typeof from.name === 'string' &&
    typeof from.path === 'string'
  );
}

/** The screen this one was reached from, when it named itself; else null. */
export function useBackTo(): BackTo['from'] | null {
  const { state } = useLocation();
  return isBackTo(state) ? state.from : null;
}

/** 'Back to {name}' when the screen was reached from another one that named itself. */
export function BackToBar() {
  const from = useBackTo();
  if (from === null) return null;
  return (
    <Box sx={{ px: 3, py: 0.5, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}>
      <Button size="small" component={Link} to={from.path} startIcon={<ArrowBackIcon />}>
        Back to {from.name}
      </Button>
    </Box>
  );
}
