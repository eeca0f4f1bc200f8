import Button from '@mui/material/Button';
import { closeSnackbar, useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SetOffDto } from '../../../../shared/api/records';
import { setOffWords } from '../set-off-words';

/**
 * After a save that opened monitoring events or added firings to them (line-monitoring.md §3),
 * a persistent alert says which, on which line, who was notified, and leads to the line's
 * Monitoring view where its events show.
 */
export function useSetOffAlert() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  return useCallback(
    (setOff: SetOffDto) => {
      const words = setOffWords(setOff);
      if (!words) return;
      const line = setOff.events[0].line.id;
      enqueueSnackbar(words, {
        variant: 'error',
        persist: true,
        action: (key) => (
          <>
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                closeSnackbar(key);
                navigate(`/line/${line}/monitoring`);
              }}
            >
              View Events
            </Button>
            <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
              Dismiss
            </Button>
          </>
        ),
      });
    },
    [enqueueSnackbar, navigate],
  );
}
