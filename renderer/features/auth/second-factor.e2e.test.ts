import { TOTP_PERIOD_SECONDS, totpCode } from '../../../server/auth/second-factor';
import { DEMO_PASSWORD } from '../../../server/demo/seed';
import { screenshot, setUpBrowserTests } from '../../../testing/browser';

// Staff must have a second factor here (the default); the server's clock is the test's.
const e2e = setUpBrowserTests({ mfaRequiredForStaff: true });
let step = 60_000_000;
const at = (s: number) => {
  step = s;
  e2e.server.ctx.now = () => (s * TOTP_PERIOD_SECONDS + 15) * 1000;
};
let secret = '';
let recoveryCodes: string[] = [];

async function password(email: string) {
  await e2e.page.goto('/login');
  await e2e.page.getByLabel('E-mail or Username').fill(email);
  await e2e.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await e2e.page.getByRole('button', { name: 'Log In' }).click();
}

it('sends staff without a second factor to set one up, then signs them in', async () => {
  at(step);
  const { page } = e2e;
  await password('staff@example.org');
  await page.getByText('Your account requires two-factor authentication.').waitFor();
  await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totpCode(secret, step + 3));
  await page.getByRole('button', { name: 'Turn On' }).click();
  await page.getByText('not valid').waitFor();
  await page.getByLabel('Code from the app').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await screenshot(page, 'second-factor-recovery-codes');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
});

it('asks for a code after the password, or a recovery code', async () => {
  const { page } = e2e;
  at(step + 1);
  await password('staff@example.org');
  await page.getByLabel('Authentication code').fill(totpCode(secret, step - 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('That code is not valid, or was already used.').waitFor();
  await screenshot(page, 'second-factor-code');
  await page.getByLabel('Authentication code').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await password('staff@example.org');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
});

it('sets up and turns off two-factor authentication on /account', async () => {
  const { page } = e2e;
  at(step + 10);
  await password('member@example.org');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByText('Off:').waitFor();
  await section.getByRole('button', { name: 'Set Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await dialog.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  const memberSecret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
  await dialog.getByLabel('Code from the app').fill(totpCode(memberSecret, step));
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await dialog.getByRole('list', { name: 'Recovery codes' }).waitFor();
  await screenshot(page, 'second-factor-account');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await section.getByText('On:').waitFor();

  at(step + 1);
  await section.getByRole('button', { name: 'Turn Off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Code from the app, or a recovery code').fill(totpCode(memberSecret, step));
  await off.getByRole('button', { name: 'Turn Off' }).click();
  await section.getByText('Off:').waitFor();
});

it("lets staff reset a user's second factor on the user's page", async () => {
  const { page } = e2e;
  at(step + 10);
  const admin = await e2e.server.login('admin@example.org');
  const adminId = (await admin.get('/v2/auth/account')).body.id as number;
  const { secret: adminSecret } = (await admin.post('/v2/account/mfa/totp')).body;
  const confirmed = await admin.post('/v2/account/mfa/totp/confirm', {
    code: totpCode(adminSecret, step),
  });
  expect(confirmed.status).toBe(200);

  at(step + 3);
  await password('staff@example.org');
  await page.getByLabel('Authentication code').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.goto(`/users/edit/${adminId}`);
  await page.getByRole('button', { name: 'Reset Two-Factor Authentication' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await page.getByText('Two-factor authentication reset').waitFor();
  expect(
    (
      await e2e.server.api.form('/v2/auth/token', {
        username: 'admin@example.org',
        password: DEMO_PASSWORD,
      })
    ).body.access_token,
  ).toEqual(expect.any(String));
});
