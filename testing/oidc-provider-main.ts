/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the single sign-on tests, in
 * a process of its own (the package is ESM-only, which Jest's module system does not load):
 * started by testing/oidc-provider.ts with its settings in OIDC_TEST_SETTINGS. Its login page is
 * oidc-provider's development one (any login and password; the login is the account's e-mail),
 * then a consent page with one button. It prints `listening on {port}` once it listens.
 *
 * It issues refresh tokens (offline_access, rotated at each use). The test drives it over the IPC
 * channel: `{ id, remove: email }` removes an account (the provider no longer knows it: its
 * refresh tokens answer invalid_grant), `{ id, requests: true }` counts the requests it served;
 * each answered `{ id, ...result }` once done.
 */
import { Provider } from 'oidc-provider';

/** A message of the test (testing/oidc-provider.ts). */
type Control = { id: number } & ({ remove: string } | { requests: true });

interface Settings {
  port: number;
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
}

const settings = JSON.parse(process.env.OIDC_TEST_SETTINGS ?? '{}') as Settings;
const issuer = `http://127.0.0.1:${settings.port}`;
const removed = new Set<string>();
let requests = 0;

const provider = new Provider(issuer, {
  clients: settings.clients.map((client) => ({
    ...client,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  })),
  // The login typed is the account: its e-mail, and names made of its local part.
  findAccount: (_ctx, id) =>
    removed.has(id)
      ? undefined
      : {
          accountId: id,
          claims: () => ({
            sub: id,
            email: id,
            email_verified: true,
            given_name: id.split('@')[0],
            family_name: 'Provider',
          }),
        },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name'],
  },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['vialqc-oidc-test-cookie-key'] },
  // Each refresh answers a new refresh token (the default rotates only late in its lifetime).
  rotateRefreshToken: true,
});

provider.use(async (_ctx, next) => {
  requests++;
  await next();
});

process.on('message', (message: Control) => {
  if ('remove' in message) removed.add(message.remove);
  process.send?.({ id: message.id, requests });
});

provider.listen(settings.port, '127.0.0.1', () => {
  console.log(`listening on ${settings.port}`);
});
