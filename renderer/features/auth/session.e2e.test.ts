import { decodeJwt, SignJWT } from 'jose';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests();

const storedSession = () =>
  e2e.page.evaluate(() => JSON.parse(localStorage.getItem('vialqc-session') ?? '{}').state);

/**
 * Makes the page's access token an expired one, as if its lifetime had run out, without waiting
 * for a clock the test does not control: the same claims, signed by the server, with an expiry in
 * the past. It is put in place before the app's own scripts run on the next load, so neither the
 * running page nor its polls can refresh first.
 */
async function expireAccessToken(): Promise<void> {
  const { access } = await storedSession();
  const claims = decodeJwt(access);
  const expired = await new SignJWT({ roles: claims.roles, institutes: claims.institutes })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(e2e.server.ctx.config.jwtSecret));
  await e2e.page.addInitScript((token) => {
    if (sessionStorage.getItem('vialqc-test-expired')) return;
    sessionStorage.setItem('vialqc-test-expired', '1');
    const session = JSON.parse(localStorage.getItem('vialqc-session') ?? '{}');
    session.state.access = token;
    localStorage.setItem('vialqc-session', JSON.stringify(session));
  }, expired);
}

it('refreshes an expired access token once for concurrent calls and carries on', async () => {
  // An admin: the Users section of Settings is for staff, owners and admins.
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await expireAccessToken();

  const refreshes: number[] = [];
  e2e.page.on('response', (res) => {
    if (res.url().endsWith('/v2/auth/refresh')) refreshes.push(res.status());
  });
  // A fresh load fires the account, organization, flags and list calls at once, all expired.
  await e2e.page.goto('/settings');
  await e2e.page.getByRole('gridcell', { name: 'member@example.org', exact: true }).waitFor();
  expect(new URL(e2e.page.url()).pathname).toBe('/settings');
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  // A second refresh with the same (rotated) token would be refused and end the session.
  expect(refreshes.every((status) => status === 200)).toBe(true);
});

it('logs out and keeps the way back when the refresh is refused', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await e2e.server.ctx.db.query('UPDATE refresh_tokens SET revoked_at = now()');
  await expireAccessToken();

  // Whether the 3 s organization poll or this load meets the refusal first, the user lands
  // on login with the way back to where they were going.
  await e2e.page.goto('/account');
  await e2e.page.waitForURL('**/login?redirect=%2Faccount');
  // The login page says why, in the server's words.
  await e2e.page.getByText('Your session has expired. Please log in again.').waitFor();
  expect(await storedSession()).toMatchObject({ access: null, refresh: null, flagOverrides: {} });
  await screenshot(e2e.page, 'logged-out-after-refresh-failure');

  await loginAs(e2e.page, 'member@example.org');
  expect(new URL(e2e.page.url()).pathname).toBe('/account');
});

it('shows the persistent connection message while the server cannot be reached', async () => {
  const message =
    'Connection Interrupted – Please check your internet connection or wait while we try to reconnect.';
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await e2e.page.route('**/v2/**', (route) => route.abort('connectionrefused'));
  // The organization list polls every 3 s, so the next poll fails.
  await e2e.page.getByText(message).waitFor();
  await screenshot(e2e.page, 'connection-interrupted');
  // It stays beyond the 3 s of ordinary toasts...
  await e2e.page.waitForTimeout(3500);
  expect(await e2e.page.getByText(message).isVisible()).toBe(true);
  // ...and goes once a call succeeds again.
  await e2e.page.unroute('**/v2/**');
  await e2e.page.getByText(message).waitFor({ state: 'hidden' });
});
