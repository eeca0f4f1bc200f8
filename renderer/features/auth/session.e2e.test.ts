import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const ACCESS_TOKEN_SECONDS = 2;
const expire = () => new Promise((r) => setTimeout(r, ACCESS_TOKEN_SECONDS * 1000 + 700));

const e2e = setUpBrowserTests({ accessTokenSeconds: ACCESS_TOKEN_SECONDS });

const storedSession = () =>
  e2e.page.evaluate(() => JSON.parse(localStorage.getItem('vialqc-session') ?? '{}').state);

it('refreshes an expired access token once for concurrent calls and carries on', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await expire();

  const refreshes: number[] = [];
  e2e.page.on('response', (res) => {
    if (res.url().endsWith('/v2/auth/refresh')) refreshes.push(res.status());
  });
  // A fresh load fires the account, organization, flags and list calls at once, all expired.
  await e2e.page.goto('/settings');
  await e2e.page.getByRole('gridcell', { name: 'member@example.org' }).waitFor();
  expect(new URL(e2e.page.url()).pathname).toBe('/settings');
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  // A second refresh with the same (rotated) token would be refused and end the session.
  expect(refreshes.every((status) => status === 200)).toBe(true);
});

it('logs out and keeps the way back when the refresh is refused', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await e2e.server.ctx.db.query('UPDATE refresh_tokens SET revoked_at = now()');
  await expire();

  // Whether the 3 s organization poll or this load meets the refusal first, the user lands
  // on login with the way back to where they were going.
  await e2e.page.goto('/account');
  await e2e.page.waitForURL('**/login?redirect=%2Faccount');
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
