import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { totpCode } from '../../../../shared/api/second-factor';
import type { User } from '../../../../shared/api/users';
import { errorDetail } from '../../../lib/api-client';
import { RecoveryCodes, TotpEnrolment } from '../../auth';
import { useDisableTotp } from '../api/disable-totp';

const HEADING_ID = 'two-factor-heading';

/**
 * Two-factor authentication on /account: whether it is on; setting it up (QR code, a code to
 * confirm, the recovery codes shown once) in a dialog; turning it off with a code.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const closeEnrolment = () => {
    setEnrolling(false);
    setCodes(null);
  };
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mt: 4 }}>
      <Typography id={HEADING_ID} variant="h3" component="h2">
        Two-factor authentication
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {user.mfa_enabled
          ? 'On: signing in asks for a code from your authenticator app.'
          : 'Off: add a code from an authenticator app to your password when you sign in.'}
      </Typography>
      {user.mfa_enabled ? (
        <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
          Turn Off
        </Button>
      ) : (
        <Button variant="contained" onClick={() => setEnrolling(true)}>
          Set Up
        </Button>
      )}
      <Dialog open={enrolling} onClose={codes ? undefined : closeEnrolment} fullWidth maxWidth="sm">
        <DialogTitle>Set up two-factor authentication</DialogTitle>
        <DialogContent>
          {codes ? (
            <RecoveryCodes codes={codes} doneLabel="Done" onDone={closeEnrolment} />
          ) : (
            <TotpEnrolment onConfirmed={(confirmation) => setCodes(confirmation.recovery_codes)} />
          )}
        </DialogContent>
        {!codes && (
          <DialogActions>
            <Button onClick={closeEnrolment}>Cancel</Button>
          </DialogActions>
        )}
      </Dialog>
      {disabling && <DisableDialog onClose={() => setDisabling(false)} />}
    </Box>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTotp();
  const { enqueueSnackbar } = useSnackbar();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCode.safeParse({ code });
    if (!parsed.success) return setInvalid(parsed.error.issues[0].message);
    setInvalid(null);
    disable.mutate(parsed.data.code, {
      onSuccess: () => {
        enqueueSnackbar('Two-factor authentication is off', { variant: 'success' });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>Turn off two-factor authentication</DialogTitle>
        <DialogContent>
          {disable.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorDetail(disable.error) ?? 'Unable to turn off two-factor authentication.'}
            </Alert>
          )}
          <TextField
            label="Code from the app, or a recovery code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={invalid !== null}
            helperText={invalid ?? ' '}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { maxLength: 64 } }}
            fullWidth
            autoFocus
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" loading={disable.isPending}>
            Turn Off
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
