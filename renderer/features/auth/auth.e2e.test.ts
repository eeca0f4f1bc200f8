import { loginAs, pathOf, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests();

describe('login', () => {
  it('names each missing field', async () => {
    await e2e.page.goto('/login');
    await e2e.page.getByRole('button', { name: 'Log In' }).click();
    await expectText('E-mail or Username is required.');
    await expectText('Password is required.');
    await screenshot(e2e.page, 'login-validation');
  });

  it('says when the password is wrong', async () => {
    await e2e.page.goto('/login');
    await e2e.page.getByLabel('E-mail or Username').fill('member@example.org');
    await e2e.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await e2e.page.getByRole('button', { name: 'Log In' }).click();
    await expectText('Incorrect e-mail/username or password.');
    expect(new URL(e2e.page.url()).pathname).toBe('/login');
  });

  it('sends a logged-out visitor to login and back to where they were going', async () => {
    await e2e.page.goto('/account');
    await e2e.page.waitForURL('**/login?redirect=%2Faccount');
    await loginAs(e2e.page, 'member@example.org');
    expect(new URL(e2e.page.url()).pathname).toBe('/account');
    await e2e.page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await screenshot(e2e.page, 'account');
  });

  it('lands on the dashboard by default and logs out from the settings menu', async () => {
    await loginAs(e2e.page, 'member@example.org');
    expect(new URL(e2e.page.url()).pathname).toBe('/dashboard');
    await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectText(`© ${new Date().getFullYear()} VialQC`);
    await screenshot(e2e.page, 'dashboard');
    await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
    await e2e.page.getByRole('menuitem', { name: 'Logout' }).click();
    await e2e.page.waitForURL('**/login');
    await e2e.page.goto('/dashboard');
    await e2e.page.waitForURL('**/login?redirect=%2Fdashboard');
  });
});

describe('password reset', () => {
  it('sends a link by e-mail and sets the new password through it', async () => {
    await e2e.page.goto('/reset-password');
    await e2e.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText('Please enter your e-mail.');
    await e2e.page.getByLabel('E-mail').fill('not-an-address');
    await e2e.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText('Please enter a valid e-mail address.');
    await e2e.page.getByLabel('E-mail').fill('owner@example.org');
    await e2e.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText('we have sent it an e-mail');
    await screenshot(e2e.page, 'reset-password-sent');

    await e2e.page.goto(pathOf(await mailLinkTo('owner@example.org')));
    const submit = e2e.page.getByRole('button', { name: 'Reset Password' });
    await submit.click();
    await expectText('Enter a new password to reset it.');
    await expectText('Enter your new password again to reset it.');
    await e2e.page.getByLabel('New Password', { exact: true }).fill('short');
    await e2e.page.getByLabel('Confirm New Password').fill('different');
    await submit.click();
    await expectText('Password must have at least 8 characters');
    await expectText('Passwords do not match.');
    await e2e.page.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await e2e.page.getByLabel('Confirm New Password').fill('a-new-password');
    await submit.click();
    await expectText('Your password has been reset, please login with your new password.');
    await e2e.page.waitForURL('**/login');
    await loginAs(e2e.page, 'owner@example.org', 'a-new-password');
    expect(new URL(e2e.page.url()).pathname).toBe('/dashboard');
  });

  it('shows the server detail for a used or unknown link', async () => {
    await e2e.page.goto('/reset-password-confirm/not-a-real-token');
    await e2e.page.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await e2e.page.getByLabel('Confirm New Password').fill('a-new-password');
    await e2e.page.getByRole('button', { name: 'Reset Password' }).click();
    const alert = e2e.page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    await screenshot(e2e.page, 'reset-password-bad-token');
  });
});

describe('registration', () => {
  it('registers an invited user, who can then log in', async () => {
    const admin = await e2e.server.login('admin@example.org');
    const { body: institutes } = await admin.get('/v2/institutes?size=10');
    const hospital: number = institutes.items.find(
      (i: { name: string }) => i.name === 'Northfield General Hospital',
    ).id;
    const invited = await admin.post(`/v2/institutes/${hospital}/users`, {
      email: 'new.tech@example.org',
      first_name: 'Nina',
      last_name: 'Tech',
      institutes: [hospital],
      default_institute: hospital,
      role: 'member',
    });
    expect(invited.status).toBe(201);

    await e2e.page.goto(pathOf(await mailLinkTo('new.tech@example.org')));
    expect(await e2e.page.getByLabel('E-mail').inputValue()).toBe('new.tech@example.org');
    await e2e.page.getByLabel('First Name').fill('');
    await e2e.page.getByRole('button', { name: 'Register' }).click();
    await expectText('A first name is required.');
    await expectText('You must enter a password.');
    await expectText('You must enter your new password again.');
    await e2e.page.getByLabel('First Name').fill('Nina');
    await e2e.page.getByLabel('Password', { exact: true }).fill('short');
    await e2e.page.getByLabel('Confirm Password').fill('other');
    await e2e.page.getByRole('button', { name: 'Register' }).click();
    await expectText('Password must have at least 8 characters');
    await expectText('Passwords do not match.');
    await screenshot(e2e.page, 'register-validation');
    await e2e.page.getByLabel('Password', { exact: true }).fill('nina-password');
    await e2e.page.getByLabel('Confirm Password').fill('nina-password');
    await e2e.page.getByRole('button', { name: 'Register' }).click();
    await expectText('You have been registered, please log in to view your dashboard.');
    await e2e.page.waitForURL('**/login');
    await loginAs(e2e.page, 'new.tech@example.org', 'nina-password');
    await e2e.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('shows why a registration link does not work', async () => {
    await e2e.page.goto('/Register/not-a-real-token');
    const alert = e2e.page.getByRole('alert');
    await alert.waitFor();
    const { body } = await e2e.server.api.get('/v2/auth/register/not-a-real-token');
    expect((await alert.textContent())?.trim()).toBe(body.detail);
  });
});

async function expectText(text: string): Promise<void> {
  await e2e.page.getByText(text, { exact: false }).first().waitFor();
}

/** Mail is sent after the answer; wait for it briefly. */
async function mailLinkTo(address: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    try {
      return e2e.server.mail.linkTo(address);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return e2e.server.mail.linkTo(address);
}
