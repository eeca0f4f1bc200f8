import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { totpCode, type TotpConfirmation } from '../../../../shared/api/second-factor';
import { errorDetail } from '../../../lib/api-client';
import { useConfirmTotpEnrolment } from '../api/confirm-totp-enrolment';
import { useStartTotpEnrolment } from '../api/start-totp-enrolment';

const START_FAILED = 'Unable to start setting up two-factor authentication.';
const CONFIRM_FAILED = 'Unable to turn on two-factor authentication.';

/**
 * Setting up the second factor: a QR code for the authenticator app (and its secret in text, to
 * type in instead), then one code of the app to confirm. Signed in, or during sign-in with the
 * enrolment `mfa_token`. `onConfirmed` gets the recovery codes (and the tokens at sign-in).
 */
export function TotpEnrolment({
  mfaToken,
  onConfirmed,
}: {
  mfaToken?: string;
  onConfirmed: (confirmation: TotpConfirmation) => void;
}) {
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const enrolment = start.data;

  if (!enrolment) {
    return (
      <Stack spacing={2}>
        {start.isError && (
          <Alert severity="error">{errorDetail(start.error) ?? START_FAILED}</Alert>
        )}
        <Typography>
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator or FreeOTP.
        </Typography>
        <Box>
          <Button
            variant="contained"
            loading={start.isPending}
            onClick={() => start.mutate(mfaToken)}
          >
            Set Up Two-Factor Authentication
          </Button>
        </Box>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCode.safeParse({ code });
    if (!parsed.success) return setInvalid(parsed.error.issues[0].message);
    setInvalid(null);
    confirm.mutate({ code: parsed.data.code, mfaToken }, { onSuccess: onConfirmed });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Typography>Scan this QR code with your authenticator app:</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, display: 'block', my: 1, bgcolor: 'common.white' }}
      />
      <Typography variant="body2" color="text.secondary">
        Or enter this key in the app:
      </Typography>
      <Typography
        data-testid="totp-secret"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 2 }}
      >
        {enrolment.secret}
      </Typography>
      {confirm.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorDetail(confirm.error) ?? CONFIRM_FAILED}
        </Alert>
      )}
      <TextField
        label="Code from the app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={invalid !== null}
        helperText={invalid ?? 'The 6-digit code the app shows now.'}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 64 } }}
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" loading={confirm.isPending} sx={{ mt: 2 }}>
        Turn On
      </Button>
    </form>
  );
}

/** The recovery codes, shown this once: each signs in once without the app. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-factor authentication is on.</Alert>
      <Typography>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They are shown only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', m: 0, pl: 3 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true))
          }
        >
          {copied ? 'Copied' : 'Copy Codes'}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
