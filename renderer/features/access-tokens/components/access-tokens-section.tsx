import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import {
  accountTokenCreate,
  TOKEN_LIFETIMES,
  TOKEN_SCOPES,
  type AccountTokenDto,
  type CreatedAccountToken,
  type TokenScope,
} from '../../../../shared/api/account-tokens';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { RowAction } from '../../../components/ui/row-action';
import { withDetail } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useInstitutes } from '../../institutes';
import { useCreateAccessToken } from '../api/create-access-token';
import { useAccessTokens } from '../api/get-access-tokens';
import { useRevokeAccessToken } from '../api/revoke-access-token';

const HEADING_ID = 'access-tokens-heading';
const DAY_MS = 86_400_000;

const SCOPE_WORDS: Record<TokenScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};

/**
 * Access tokens on /account: the signed-in user's personal access tokens for integrations
 * (scripts, the desktop agent), each bound to one organization with a scope and an expiry.
 * A new token is shown once, with a copy button; revoking asks first.
 */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccountToken | null>(null);
  const [revoking, setRevoking] = useState<AccountTokenDto | null>(null);
  const revoke = useRevokeAccessToken();
  const { enqueueSnackbar } = useSnackbar();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        enqueueSnackbar(`Token “${revoking.name}” revoked`, { variant: 'success' });
        setRevoking(null);
      },
      onError: (error) =>
        enqueueSnackbar(withDetail('Unable to revoke the token', error), { variant: 'error' }),
    });
  };

  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mt: 4 }}>
      <Typography variant="h3" component="h2" id={HEADING_ID}>
        Access Tokens
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tokens let scripts and the vial agent use the API as you, in one organization, without your
        password. They cannot manage users, accounts or tokens. A password change or reset, a reset
        of your second factor and deactivation revoke them all; removal from an organization revokes
        that organization’s. A token made while signed in with single sign-on stops working when
        that sign-in ends.
      </Typography>
      {tokens.isError && <ErrorFetching error={tokens.error} />}
      {tokens.isPending && <RetrievingData />}
      {tokens.data &&
        (tokens.data.items.length === 0 ? (
          <Typography variant="body2" sx={{ my: 1 }}>
            You have no access tokens.
          </Typography>
        ) : (
          // Six columns in the account page's narrow paper: it scrolls sideways rather than squeeze.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={HEADING_ID}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Scope</TableCell>
                  <TableCell>Organization</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tokens.data.items.map((token) => (
                  <TableRow key={token.id}>
                    <TableCell component="th" scope="row">
                      {token.name}
                    </TableCell>
                    <TableCell>{SCOPE_WORDS[token.scope]}</TableCell>
                    <TableCell>{token.institute_name}</TableCell>
                    <TableCell>
                      {token.expired ? 'Expired' : formatDate(token.expires_at)}
                      {token.ends_with_session && !token.expired && ' (with your sign-in)'}
                    </TableCell>
                    <TableCell>
                      {token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <RowAction
                        title="Revoke"
                        label={`Revoke ${token.name}`}
                        icon={<DeleteIcon fontSize="small" />}
                        onClick={() => setRevoking(token)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
      <Button startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setCreating(true)}>
        Create Token
      </Button>
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <NewTokenDialog token={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke Token"
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        Revoke “{revoking?.name}”? Whatever uses it is refused from its next request on. This cannot
        be undone.
      </ConfirmDialog>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const lifetimeWords = (days: number) => (days === 365 ? '1 year' : `${days} days`);

/** Name, scope, organization and lifetime of a new token. */
function CreateTokenDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (token: CreatedAccountToken) => void;
}) {
  const institutes = useInstitutes(true);
  const create = useCreateAccessToken();
  const { enqueueSnackbar } = useSnackbar();
  const choices = institutes.data?.items ?? [];
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [institute, setInstitute] = useState<number | ''>('');
  const [days, setDays] = useState<number>(TOKEN_LIFETIMES[0]);
  const [nameError, setNameError] = useState<string | null>(null);
  const chosen = institute === '' && choices.length === 1 ? choices[0].id : institute;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = accountTokenCreate.shape.name.safeParse(name);
    setNameError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success || chosen === '') return;
    create.mutate(
      {
        name: checked.data,
        scope,
        institute: chosen,
        expires_at: new Date(Date.now() + days * DAY_MS).toISOString(),
      },
      {
        onSuccess: onCreated,
        onError: (error) =>
          enqueueSnackbar(withDetail('Unable to create the token', error), { variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="create-token-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="create-token-title">Create Access Token</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={nameError !== null}
              helperText={nameError ?? 'What uses it, e.g. “LIMS export”'}
              required
              autoFocus
            />
            <TextField
              select
              label="Scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as TokenScope)}
              helperText={
                scope === 'read'
                  ? 'Reads only: every change is refused.'
                  : 'Reads and changes what your role may (the vial agent needs this).'
              }
            >
              {TOKEN_SCOPES.map((s) => (
                <MenuItem key={s} value={s}>
                  {SCOPE_WORDS[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Organization"
              value={chosen}
              onChange={(e) => setInstitute(Number(e.target.value))}
              required
              disabled={choices.length === 0}
            >
              {choices.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {i.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Expires in"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            >
              {[...TOKEN_LIFETIMES]
                .sort((a, b) => a - b)
                .map((d) => (
                  <MenuItem key={d} value={d}>
                    {lifetimeWords(d)}
                  </MenuItem>
                ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending}
            disabled={chosen === ''}
          >
            Create Token
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The new token, this once: copy it now, the server keeps only its hash. */
function NewTokenDialog({ token, onClose }: { token: CreatedAccountToken; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(token.token).then(
      () => enqueueSnackbar('Token copied', { variant: 'success' }),
      () => enqueueSnackbar('Unable to copy: select the token and copy it', { variant: 'error' }),
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-token-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-token-title">Token “{token.name}” Created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy the token now: it is not shown again.
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label="Token"
            value={token.token}
            fullWidth
            slotProps={{ input: { readOnly: true }, htmlInput: { spellCheck: false } }}
            onFocus={(e) => e.target.select()}
          />
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            Copy
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {SCOPE_WORDS[token.scope]} in {token.institute_name}, until{' '}
          {formatDateTime(token.expires_at)}. Send it as <code>Authorization: Bearer …</code>, or
          give it to the vial agent as VIALQC_TOKEN.
          {token.ends_with_session &&
            ' Made while signed in with single sign-on, it stops working when that sign-in ends.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
