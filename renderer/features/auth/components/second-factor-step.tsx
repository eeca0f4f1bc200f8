import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { totpCode } from '../../../../shared/api/second-factor';
import { errorDetail, errorStatus } from '../../../lib/api-client';
import { useSignInWithCode } from '../api/sign-in-with-code';

/**
 * The sign-in's second step: a code of the authenticator app, or a recovery code. An expired
 * step (401) goes back to the password.
 */
export function SecondFactorStep({
  mfaToken,
  onSuccess,
  onRestart,
}: {
  mfaToken: string;
  onSuccess: () => void;
  onRestart: (message: string) => void;
}) {
  const signIn = useSignInWithCode();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCode.safeParse({ code });
    if (!parsed.success) return setInvalid(parsed.error.issues[0].message);
    setInvalid(null);
    signIn.mutate(
      { mfa_token: mfaToken, code: parsed.data.code },
      {
        onSuccess,
        onError: (error) => {
          if (errorStatus(error) === 401) onRestart(errorDetail(error) ?? 'Please log in again.');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Typography sx={{ mb: 1 }}>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography>
      {signIn.isError && errorStatus(signIn.error) !== 401 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorDetail(signIn.error) ?? 'There was an error logging in. Please try again later.'}
        </Alert>
      )}
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={invalid !== null}
        helperText={invalid ?? ' '}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric', maxLength: 64 } }}
        fullWidth
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={signIn.isPending}
        sx={{ mt: 1 }}
      >
        Verify
      </Button>
      <Link
        component="button"
        type="button"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setInvalid(null);
        }}
        sx={{ display: 'block', mt: 2 }}
      >
        {recovery ? 'Use a code from the app' : 'Use a recovery code'}
      </Link>
    </form>
  );
}
