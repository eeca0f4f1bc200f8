import {
  loginAs,
  newPage,
  screenshot,
  setUpBrowserTests,
  waitForValue,
} from '../../../testing/browser';

const e2e = setUpBrowserTests();

const organization = () => e2e.page.getByRole('combobox', { name: 'Organization' });

async function switchTo(name: string): Promise<void> {
  await organization().click();
  await organization().fill(name.slice(0, 8));
  await e2e.page.getByRole('option', { name }).click();
  await waitForValue(organization(), name);
}

const tabNames = () => e2e.page.getByRole('tab').allTextContents();
const welcome = () => e2e.page.getByTestId('welcome-text');

/** The flag panel row of one flag: [organization value, effective value]. */
async function flagRow(flag: string): Promise<[string, string]> {
  const row = e2e.page.locator(`tr[data-flag="${flag}"]`);
  return [
    (await row.locator('[data-column="organization"]').textContent()) ?? '',
    (await row.locator('[data-column="effective"]').textContent()) ?? '',
  ];
}

it('starts in the default organization and words lines by its type when switching', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await waitForValue(organization(), 'Northfield General Hospital');
  await welcome()
    .getByText(/your lines/)
    .waitFor();
  expect(await tabNames()).toEqual([
    'Dashboard',
    'Records',
    'Lines',
    'Events',
    'Validations',
    'Reports',
    'Clinical Data',
    'Comparison Studies',
    'Hemolysis Index',
    'Rejection Insights',
    'Lab Feed',
    'Benchmarks',
    'Settings',
  ]);

  await switchTo('Lakeside Courier Services');
  await welcome()
    .getByText(/your routes/)
    .waitFor();
  await screenshot(e2e.page, 'dashboard-courier');
  // The courier's lines are routes; it has no hemolysis tracking.
  expect(await tabNames()).toEqual([
    'Dashboard',
    'Records',
    'Routes',
    'Events',
    'Validations',
    'Reports',
    'Benchmarks',
    'Settings',
  ]);

  // The choice survives a reload.
  await e2e.page.reload();
  await waitForValue(organization(), 'Lakeside Courier Services');

  // Admin: no staff-only entries in the settings menu, but Contact Us.
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  const items = await e2e.page.getByRole('menuitem').allTextContents();
  expect(items).toEqual(['Audit Log', 'Account Settings', 'Contact Us', 'Logout']);
  await e2e.page.keyboard.press('Escape');
  expect(await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).count()).toBe(0);
});

it("gives staff every organization grouped by relationship, and flag overrides over the organization's flags", async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await organization().click();
  // The words come from /v2/types/institutes/relationship.
  await e2e.page
    .locator('.MuiAutocomplete-groupLabel', { hasText: 'Partner: Labquality' })
    .waitFor();
  const groups = await e2e.page.locator('.MuiAutocomplete-groupLabel').allTextContents();
  expect(groups).toEqual(['Direct', 'Internal', 'Partner: Labquality']);
  await screenshot(e2e.page, 'organization-selector-staff');
  await e2e.page.keyboard.press('Escape');
  await e2e.page.getByLabel('Exclude archived').waitFor();

  await switchTo('Northfield General Hospital');
  await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).click();
  const dialog = e2e.page.getByRole('dialog', { name: 'Feature Flag Overrides' });
  await dialog.waitFor();
  expect(await flagRow('hemolysisTracking')).toEqual(['On', 'On']);
  await e2e.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Switching applies the courier's flags: none of its own, so the defaults.
  await switchTo('Lakeside Courier Services');
  await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'Off']);
  expect(await flagRow('validation')).toEqual(['On', 'On']);

  await e2e.page
    .getByRole('group', { name: 'Override Hemolysis Tracking' })
    .getByRole('button', { name: 'On', exact: true })
    .click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'On']);
  await screenshot(e2e.page, 'flag-overrides');
  await e2e.page.keyboard.press('Escape');

  // Kept on this computer across a reload, and gone after logout.
  await e2e.page.reload();
  await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'On']);
  await e2e.page.keyboard.press('Escape');
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'Off']);
});

it('opens for staff, and fills, every screen an override turns on: the server lets staff use every area', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  // The courier has no flags of its own: no hemolysis tracking, no clinical data.
  await switchTo('Lakeside Courier Services');
  await e2e.page.getByRole('button', { name: 'Feature flag overrides' }).click();
  for (const flag of ['Hemolysis Tracking', 'Clinical Data']) {
    await e2e.page
      .getByRole('group', { name: `Override ${flag}` })
      .getByRole('button', { name: 'On', exact: true })
      .click();
  }
  await e2e.page.keyboard.press('Escape');

  await e2e.page.getByRole('tab', { name: 'Hemolysis Index' }).click();
  await e2e.page.getByText('No Hemolysis Data').first().waitFor();
  await e2e.page.getByRole('tab', { name: 'Clinical Data' }).click();
  await e2e.page.getByRole('grid').waitFor();
  await e2e.page.getByText('No Rows Found').first().waitFor();
  expect(await e2e.page.getByText('Error fetching data').count()).toBe(0);
  await screenshot(e2e.page, 'flag-override-clinical-data');
});

it("lists the organization's users on the settings page", async () => {
  await loginAs(e2e.page, 'owner@example.org');
  await e2e.page.getByRole('tab', { name: 'Settings' }).click();
  await e2e.page.getByRole('gridcell', { name: 'member@example.org', exact: true }).waitFor();
  for (const heading of ['Analyzer', 'Vitals (Coming Soon)', 'Users']) {
    await e2e.page.getByRole('heading', { name: heading }).waitFor();
  }
  await screenshot(e2e.page, 'settings');
  // The narrowest supported workstation: every column still fits.
  await e2e.page.setViewportSize({ width: 1024, height: 768 });
  await e2e.page.reload();
  await e2e.page.getByRole('gridcell', { name: 'Owner', exact: true }).last().waitFor();
  await screenshot(e2e.page, 'settings-1024');
});

it('sends unknown paths to the dashboard', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/no/such/screen');
  await e2e.page.waitForURL('**/dashboard');
});

it('changes names on the account page and marks a wrong current password', async () => {
  await loginAs(e2e.page, 'guest@example.org');
  await e2e.page.goto('/account');
  const save = e2e.page.getByRole('button', { name: 'Save Changes' });
  await e2e.page.getByLabel('First Name').fill('');
  await e2e.page.getByLabel('New Password', { exact: true }).fill('a-new-password');
  await save.click();
  await e2e.page.getByText('A first name is required.').waitFor();
  await e2e.page.getByText('Enter your current password to make changes.').waitFor();
  await e2e.page.getByText('Passwords do not match.').waitFor();

  await e2e.page.getByLabel('First Name').fill('Gustav');
  await e2e.page.getByLabel('Current Password').fill('not-my-password');
  await e2e.page.getByLabel('Confirm New Password').fill('a-new-password');
  await save.click();
  const detail = 'Your current password is incorrect.';
  // Both the error toast and the field show the server's sentence.
  await e2e.page.locator('#notistack-snackbar', { hasText: detail }).waitFor();
  await e2e.page.locator('p.Mui-error', { hasText: detail }).waitFor();
  await screenshot(e2e.page, 'account-wrong-password');

  await e2e.page.getByLabel('Current Password').fill('');
  await e2e.page.getByLabel('New Password', { exact: true }).fill('');
  await e2e.page.getByLabel('Confirm New Password').fill('');
  await save.click();
  await e2e.page.getByText('Changes saved').waitFor();
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByText('Gustav Guest').waitFor();
});

it('starts staff in the organization they chose last, in another browser too', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await Promise.all([
    e2e.page.waitForResponse((r) => r.url().endsWith('/v2/auth/account/organization') && r.ok()),
    switchTo('Northfield General Hospital'),
  ]);
  // Another browser: none of this one's storage, only the server's memory of the choice.
  const other = await newPage(e2e.browser, e2e.server.url);
  try {
    await loginAs(other, 'staff@example.org');
    await waitForValue(
      other.getByRole('combobox', { name: 'Organization' }),
      'Northfield General Hospital',
    );
    await screenshot(other, 'organization-remembered');
  } finally {
    await other.context().close();
  }
});
