/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the single sign-on tests, in
 * a process of its own (the package is ESM-only, which Jest's module system does not load):
 * started by testing/oidc-provider.ts with its settings in OIDC_TEST_SETTINGS. Its login page is
 * oidc-provider's development one (any login and password; the login is the account's e-mail),
 * then a consent page with one button. It prints `listening on {port}` once it listens.
 */
import { Provider } from 'oidc-provider';

interface Settings {
  port: number;
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
}

const settings = JSON.parse(process.env.OIDC_TEST_SETTINGS ?? '{}') as Settings;
const issuer = `http://127.0.0.1:${settings.port}`;

const provider = new Provider(issuer, {
  clients: settings.clients.map((client) => ({
    ...client,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  })),
  // The login typed is the account: its e-mail, and names made of its local part.
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      email: id,
      email_verified: true,
      given_name: id.split('@')[0],
      family_name: 'Provider',
    }),
  }),
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name'],
  },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['vialqc-oidc-test-cookie-key'] },
});

provider.listen(settings.port, '127.0.0.1', () => {
  console.log(`listening on ${settings.port}`);
});
