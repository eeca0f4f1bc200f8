import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  isSsoError,
  SSO_CODE_PARAM,
  SSO_ERROR_PARAM,
  SSO_ERRORS,
} from '../../../../shared/api/sso';
import { errorDetail } from '../../../lib/api-client';
import { getDesktopApi } from '../../../lib/desktop-bridge';
import { useSession } from '../../../lib/session-store';
import { ssoStartUrl, useSsoDiscovery, useSsoExchange } from '../api/sso';

/**
 * The way back from the organization's provider: the redirect's one-time code exchanged for the
 * session (then `onSuccess`), or the reason it failed, in words a person can act on.
 */
export function SsoReturn({ onSuccess }: { onSuccess: () => void }) {
  const [params] = useSearchParams();
  const code = params.get(SSO_CODE_PARAM);
  const error = params.get(SSO_ERROR_PARAM);
  const exchange = useSsoExchange();
  const exchanged = useRef(false);
  useEffect(() => {
    // A code is good once: never send it twice (StrictMode runs effects twice).
    if (!code || exchanged.current) return;
    exchanged.current = true;
    exchange.mutate(code, { onSuccess });
  }, [code, exchange, onSuccess]);
  // In the desktop app the system browser signed in, and the app's link brought the answer.
  const [desktopError, setDesktopError] = useState<string | null>(null);
  useEffect(
    () =>
      getDesktopApi().onSsoFinished((finished) => {
        if ('error' in finished) return setDesktopError(finished.error);
        useSession.getState().signIn(finished.tokens.access, finished.tokens.refresh);
        onSuccess();
      }),
    [onSuccess],
  );

  if (desktopError) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {desktopError}
      </Alert>
    );
  }

  if (exchange.isPending)
    return (
      <Alert severity="info" sx={{ mb: 1 }}>
        Signing you in…
      </Alert>
    );
  if (exchange.isError) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {errorDetail(exchange.error) ?? SSO_ERRORS.expired}
      </Alert>
    );
  }
  if (isSsoError(error)) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {SSO_ERRORS[error]}
      </Alert>
    );
  }
  return null;
}

/** Once the e-mail typed is of a domain an organization signs in itself: "Continue with …". */
export function SsoContinue({ email }: { email: string }) {
  const discovery = useSsoDiscovery(email);
  if (!discovery.data) return null;
  const { institute, name } = discovery.data;
  const desktop = getDesktopApi();
  // The desktop app signs in in the system browser, never in a form of its own (RFC 8252).
  const target =
    desktop.kind === 'desktop'
      ? { onClick: () => void desktop.startSso(institute) }
      : { href: ssoStartUrl(institute) };
  return (
    <Button variant="outlined" fullWidth size="large" {...target} sx={{ my: 1 }}>
      Continue with {name}
    </Button>
  );
}
