import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { loginForm, type LoginForm as LoginValues } from '../../../../shared/api/auth';
import { FormTextField } from '../../../components/ui/form-text-field';
import type { TotpConfirmation } from '../../../../shared/api/second-factor';
import { errorDetail, errorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useLogin } from '../api/login';
import { SecondFactorStep } from './second-factor-step';
import { SsoContinue, SsoReturn } from './sso-sign-in';
import { RecoveryCodes, TotpEnrolment } from './totp-enrolment';

/** The spec's wording for each way a login can fail. */
function loginFailure(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400) return errorDetail(error) ?? 'Incorrect e-mail/username or password.';
  if (status === 429)
    return errorDetail(error) ?? 'There was an error logging in. Please try again later.';
  return 'There was an error logging in. Please try again later.';
}

/** Where sign-in stands after the password: a code to give, or a second factor to set up. */
type Step =
  | { kind: 'password'; notice?: string }
  | { kind: 'code'; mfaToken: string }
  | { kind: 'enrol'; mfaToken: string }
  | { kind: 'recovery-codes'; confirmation: TotpConfirmation };

/**
 * Signing in stores the session; `onSuccess` then moves on to where the user was going. An
 * account with a second factor is asked for a code next; one that must have one and has none
 * sets it up here, sees its recovery codes once, and is signed in.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const [step, setStep] = useState<Step>(() => ({
    kind: 'password',
    notice: useSession.getState().endedBecause ?? undefined,
  }));
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '' },
  });
  const email = useWatch({ control, name: 'username' });
  const restart = (notice: string) => {
    login.reset();
    setStep({ kind: 'password', notice });
  };

  if (step.kind === 'code') {
    return <SecondFactorStep mfaToken={step.mfaToken} onSuccess={onSuccess} onRestart={restart} />;
  }
  if (step.kind === 'enrol') {
    return (
      <>
        <Typography sx={{ mb: 2 }}>
          Your account requires two-factor authentication. Set it up to continue.
        </Typography>
        <TotpEnrolment
          mfaToken={step.mfaToken}
          onConfirmed={(confirmation) => setStep({ kind: 'recovery-codes', confirmation })}
        />
      </>
    );
  }
  if (step.kind === 'recovery-codes') {
    const { recovery_codes, access_token, refresh_token } = step.confirmation;
    return (
      <RecoveryCodes
        codes={recovery_codes}
        doneLabel="Continue"
        onDone={() => {
          if (access_token && refresh_token) {
            useSession.getState().signIn(access_token, refresh_token);
          }
          onSuccess();
        }}
      />
    );
  }

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('mfa_required' in answer) setStep({ kind: 'code', mfaToken: answer.mfa_token });
        else if ('mfa_enrolment_required' in answer) {
          setStep({ kind: 'enrol', mfaToken: answer.mfa_token });
        } else onSuccess();
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      {step.notice && !login.isError && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {step.notice}
        </Alert>
      )}
      {login.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {loginFailure(login.error)}
        </Alert>
      )}
      <SsoReturn onSuccess={onSuccess} />
      <FormTextField
        control={control}
        name="username"
        label="E-mail or Username"
        autoComplete="username"
        autoFocus
      />
      <SsoContinue email={email} />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        loading={login.isPending}
        sx={{ mt: 2 }}
      >
        Log In
      </Button>
      <Link component={RouterLink} to="/reset-password" sx={{ display: 'block', mt: 2 }}>
        Forgot your password?
      </Link>
    </form>
  );
}
