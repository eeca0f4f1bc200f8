import { SSO_ERRORS } from '../../../shared/api/sso';
import { loginAs, screenshot, setUpBrowserTests, waitForValue } from '../../../testing/browser';
import { startDnsServer, type TestDnsServer } from '../../../testing/dns-server';
import { startOidcProvider, type TestOidcProvider } from '../../../testing/oidc-provider';
import type { Config } from '../../../server/config';

/**
 * Single sign-on in Chromium: the e-mail typed on the login page offers the organization's
 * provider (a real one, oidc-provider on loopback), whose login page signs the person in; the
 * app exchanges the one-time code and opens the dashboard of that organization.
 */
/** The DNS server the server asks for the domains' TXT records (SSO_DNS_SERVERS). */
let dns: TestDnsServer;
const serverOptions: Partial<Config> = {};
// Runs before setUpBrowserTests' own beforeAll, which starts the server with these options.
beforeAll(async () => {
  dns = await startDnsServer();
  serverOptions.ssoDnsServers = [dns.address];
});
afterAll(() => dns?.stop());
const e2e = setUpBrowserTests(serverOptions);
let op: TestOidcProvider;

beforeAll(async () => {
  const { server } = e2e;
  op = await startOidcProvider({
    clientId: 'vialqc',
    clientSecret: 'browser-test-secret',
    redirectUri: `${server.ctx.config.publicUrl}/v2/auth/sso/callback`,
  });
  const staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const put = await staff.put(`/v2/institutes/${hospital}/sso`, {
    issuer: op.issuer,
    client_id: 'vialqc',
    client_secret: 'browser-test-secret',
    domains: ['northfield.example'],
    // An admin sees the organization selector, which names where the app opened.
    default_role: 'admin',
  });
  expect(put.status).toBe(200);
  // Only a verified domain signs people in.
  const approved = await staff.post(
    `/v2/institutes/${hospital}/sso/domains/northfield.example/approve`,
  );
  expect(approved.status).toBe(200);
}, 60_000);
afterAll(() => op?.stop());

it('signs in through the provider and lands on the dashboard of its organization', async () => {
  const { page } = e2e;
  await page.goto('/login');
  await page.getByLabel('E-mail or Username').fill('hanna@northfield.example');
  const proceed = page.getByRole('link', { name: 'Continue with Northfield General Hospital' });
  await proceed.click();
  // The provider's own (development) login page.
  await page.locator('input[name="login"]').fill('hanna@northfield.example');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  expect(new URL(page.url()).search).not.toContain('sso_code');
  await waitForValue(
    page.getByRole('combobox', { name: 'Organization' }),
    'Northfield General Hospital',
  );
  await screenshot(page, 'sso-dashboard');
});

it('shows why a sign-in through the provider failed', async () => {
  const { page } = e2e;
  await page.goto('/login?sso_error=unreachable');
  await page.getByText(SSO_ERRORS.unreachable).waitFor();
  // A provider's sign-in refused by whom it may sign in (issue 39).
  await page.goto('/login?sso_error=not-allowed');
  await page.getByText(SSO_ERRORS['not-allowed']).waitFor();
  await page.goto('/login?sso_code=never-issued');
  await page
    .getByText('This sign-in code is invalid, expired or already used. Please sign in again.')
    .waitFor();
});

it("lets the owner change the organization's provider on its settings, keeping the stored secret", async () => {
  const { page, server } = e2e;
  const { hospital } = await server.demoInstitutes();
  await loginAs(page, 'owner@example.org');
  await page.goto(`/organization/${hospital}/sign-on`);
  await page.getByRole('heading', { name: 'Single Sign-On' }).waitFor();
  await waitForValue(page.getByLabel('Issuer URL'), op.issuer);
  await page.getByText('A secret is stored; leave this empty to keep it.').waitFor();
  await page.getByText(`${server.ctx.config.publicUrl}/v2/auth/sso/callback`).waitFor();
  await page.getByLabel('E-mail domains').fill('northfield.example, lab.northfield.example');
  await page.getByRole('button', { name: 'Save Single Sign-On' }).click();
  await page.getByText('Single sign-on saved').waitFor();
  // The new domain is pending, with the TXT record to publish; owners verify, staff approve.
  const lab = page.getByRole('listitem', { name: 'lab.northfield.example' });
  await lab.getByText('Pending').waitFor();
  const record = (await lab.locator('code').textContent())!;
  expect(record).toMatch(/^vialqc-domain-verification=[0-9a-f]{32}$/);
  expect(await lab.getByRole('button', { name: 'Approve lab.northfield.example' }).count()).toBe(0);
  await page
    .getByRole('listitem', { name: 'northfield.example', exact: true })
    .getByText('Verified (approved by staff)')
    .waitFor();
  await screenshot(page, 'sso-settings');
  dns.txt('lab.northfield.example', record);
  await lab.getByRole('button', { name: 'Verify lab.northfield.example' }).click();
  await page.getByText('lab.northfield.example verified').waitFor();
  await lab.getByText('Verified (DNS record)').waitFor();

  const staff = await server.login('staff@example.org');
  expect((await staff.get(`/v2/institutes/${hospital}/sso`)).body).toMatchObject({
    // In the order of their names.
    domains: [
      { name: 'lab.northfield.example', state: 'verified', verified_by: 'dns' },
      { name: 'northfield.example', state: 'verified', verified_by: 'staff' },
    ],
    client_secret_set: true,
  });
});
