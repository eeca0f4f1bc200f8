import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { REVOKES_THEIR_TOKENS } from '../../../../shared/api/token-revocation';
import type { User } from '../../../../shared/api/users';
import { allows } from '../../../../shared/domain/roles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { withDetail } from '../../../lib/api-client';
import { useResetSecondFactor } from '../api/reset-second-factor';

/**
 * On the user's edit page, for staff: whether the user signs in with a second factor, and its
 * reset (a lost phone): they sign in with their password again, and set up a new one where it is
 * required.
 */
export function SecondFactorReset({ me, user }: { me: User; user: User }) {
  const reset = useResetSecondFactor();
  const [confirming, setConfirming] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  if (!allows(me.role, 'users:reset-second-factor')) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h3" component="h2">
        Two-factor authentication
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {user.mfa_enabled ? 'On.' : 'Off.'}
      </Typography>
      {user.mfa_enabled && (
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          Reset Two-Factor Authentication
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset two-factor authentication?"
        confirmLabel="Reset"
        busy={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              enqueueSnackbar('Two-factor authentication reset', { variant: 'success' });
              setConfirming(false);
            },
            onError: (error) =>
              enqueueSnackbar(withDetail('Unable to reset two-factor authentication', error), {
                variant: 'error',
              }),
          })
        }
      >
        {user.email} will sign in with their password alone, and set up a new second factor where
        one is required. Their recovery codes stop working. {REVOKES_THEIR_TOKENS}
      </ConfirmDialog>
    </Box>
  );
}
