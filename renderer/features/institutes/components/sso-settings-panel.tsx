import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import {
  SSO_ROLES,
  ssoSettingsUpdate,
  type SsoRole,
  type SsoSettings,
} from '../../../../shared/api/sso';
import { isPublicWebmailDomain, webmailRefused } from '../../../../shared/domain/webmail';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { useSsoSettings } from '../api/get-sso-settings';
import { useUpdateSsoSettings } from '../api/update-sso-settings';
import { SsoDomains } from './sso-domains';

const ROLE_WORDS: Record<SsoRole, string> = {
  guest: 'Guest (read only)',
  member: 'Member',
  admin: 'Admin',
  owner: 'Owner',
};

const FIELDS = ['issuer', 'client_id', 'client_secret', 'domains'] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

/**
 * Organization settings, Single sign-on (owner, staff): the organization's OpenID Connect
 * provider (issuer, client id and secret, the e-mail domains it signs in, the role of the users it
 * creates, whether they may still use a password), with the redirect address to register there.
 * The secret is never shown: left empty, the stored one is kept.
 */
export function SsoSettingsPanel({ instituteId }: { instituteId: number }) {
  const settings = useSsoSettings(instituteId);
  if (settings.isError) return <ErrorFetching error={settings.error} />;
  if (!settings.data) return <RetrievingData />;
  return <SsoSettingsForm instituteId={instituteId} settings={settings.data} />;
}

function SsoSettingsForm({
  instituteId,
  settings,
}: {
  instituteId: number;
  settings: SsoSettings;
}) {
  const update = useUpdateSsoSettings(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [clientId, setClientId] = useState(settings.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(settings.domains.map((d) => d.name).join(', '));
  const [role, setRole] = useState<SsoRole>(settings.default_role);
  const [passwords, setPasswords] = useState(settings.password_login_allowed);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoSettingsUpdate.safeParse({
      issuer,
      client_id: clientId,
      ...(secret ? { client_secret: secret } : {}),
      domains: domains.split(/[\s,;]+/).filter(Boolean),
      default_role: role,
      password_login_allowed: passwords,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    const webmail = parsed.data.domains.find(isPublicWebmailDomain);
    if (webmail) return setErrors({ domains: webmailRefused(webmail) });
    if (!settings.client_secret_set && !secret)
      return setErrors({ client_secret: 'The client secret is required.' });
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        setSecret('');
        enqueueSnackbar('Single sign-on saved', { variant: 'success' });
      },
      onError: (error) => {
        // The server's 422 names the field (an unreachable provider, a first save without the
        // secret): it shows on that field, where the owner mends it.
        const invalid = firstFieldError(error);
        if (invalid && isField(invalid.field)) setErrors({ [invalid.field]: invalid.message });
        enqueueSnackbar(withDetail('Unable to save single sign-on', error), { variant: 'error' });
      },
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 640 }}
      onSubmit={submit}
      aria-labelledby="sso-heading"
    >
      <Typography variant="h3" component="h2" id="sso-heading">
        Single Sign-On
      </Typography>
      <Typography variant="body2" color="text.secondary">
        People whose e-mail is in one of these domains sign in with your OpenID Connect provider
        (&ldquo;Continue with&rdquo; on the login page). Register this redirect address with the
        provider (the address the sign-in returns to): <strong>{settings.redirect_uri}</strong>
      </Typography>
      {!settings.configured && <Alert severity="info">Single sign-on is not set up yet.</Alert>}
      <TextField
        label="Issuer URL"
        value={issuer}
        onChange={(e) => setIssuer(e.target.value)}
        error={!!errors.issuer}
        helperText={errors.issuer ?? 'For example https://login.microsoftonline.com/{tenant}/v2.0'}
        required
      />
      <TextField
        label="Client ID"
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        error={!!errors.client_id}
        helperText={errors.client_id}
        required
      />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="off"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={!!errors.client_secret}
        helperText={
          errors.client_secret ??
          (settings.client_secret_set
            ? 'A secret is stored; leave this empty to keep it.'
            : 'Stored encrypted, never shown again.')
        }
        required={!settings.client_secret_set}
      />
      <TextField
        label="E-mail domains"
        value={domains}
        onChange={(e) => setDomains(e.target.value)}
        error={!!errors.domains}
        helperText={
          errors.domains ??
          'Separated by commas, e.g. hospital.example.org. A new domain is pending until verified.'
        }
        required
      />
      <SsoDomains instituteId={instituteId} domains={settings.domains} />
      <TextField
        select
        label="Role of a user created at first sign-in"
        value={role}
        onChange={(e) => setRole(e.target.value as SsoRole)}
      >
        {SSO_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_WORDS[r]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={passwords} onChange={(e) => setPasswords(e.target.checked)} />}
        label="People of these domains may still sign in with a password"
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save Single Sign-On
        </Button>
      </Stack>
    </Stack>
  );
}
