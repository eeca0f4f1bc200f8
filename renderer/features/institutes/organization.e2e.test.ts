import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  waitForValue,
} from '../../../testing/browser';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  page = await newPage(browser, server.url);
});
afterEach(() => page.context().close());

const organization = () => page.getByRole('combobox', { name: 'Organization' });

async function switchTo(name: string): Promise<void> {
  await organization().click();
  await organization().fill(name.slice(0, 8));
  await page.getByRole('option', { name }).click();
  await waitForValue(organization(), name);
}

const tabNames = () => page.getByRole('tab').allTextContents();
const welcome = () => page.getByTestId('welcome-text');

/** The flag panel row of one flag: [organization value, effective value]. */
async function flagRow(flag: string): Promise<[string, string]> {
  const row = page.locator(`tr[data-flag="${flag}"]`);
  return [
    (await row.locator('[data-column="organization"]').textContent()) ?? '',
    (await row.locator('[data-column="effective"]').textContent()) ?? '',
  ];
}

it('starts in the default organization and words lines by its type when switching', async () => {
  await loginAs(page, 'admin@example.org');
  await waitForValue(organization(), 'Northfield General Hospital');
  await welcome()
    .getByText(/your lines/)
    .waitFor();
  expect(await tabNames()).toEqual([
    'Dashboard',
    'Records',
    'Lines',
    'Validations',
    'Reports',
    'Rejection Insights',
    'Settings',
  ]);

  await switchTo('Lakeside Courier Services');
  await welcome()
    .getByText(/your routes/)
    .waitFor();
  await screenshot(page, 'dashboard-courier');
  // The courier's lines are routes; it has no hemolysis tracking.
  expect(await tabNames()).toEqual([
    'Dashboard',
    'Records',
    'Routes',
    'Validations',
    'Reports',
    'Settings',
  ]);

  // The choice survives a reload.
  await page.reload();
  await waitForValue(organization(), 'Lakeside Courier Services');

  // Admin: no staff-only entries in the settings menu, but Contact Us.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  expect(items).toEqual(['Account Settings', 'Contact Us', 'Logout']);
  await page.keyboard.press('Escape');
  expect(await page.getByRole('button', { name: 'Feature flag overrides' }).count()).toBe(0);
});

it("gives staff every organization grouped by relationship, and flag overrides over the organization's flags", async () => {
  await loginAs(page, 'staff@example.org');
  await organization().click();
  const groups = await page.locator('.MuiAutocomplete-groupLabel').allTextContents();
  expect(groups).toEqual(['Direct', 'Internal', 'Partner: Labquality']);
  await screenshot(page, 'organization-selector-staff');
  await page.keyboard.press('Escape');
  await page.getByLabel('Exclude archived').waitFor();

  await switchTo('Northfield General Hospital');
  await page.getByRole('button', { name: 'Feature flag overrides' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature Flag Overrides' });
  await dialog.waitFor();
  expect(await flagRow('hemolysisTracking')).toEqual(['On', 'On']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Switching applies the courier's flags: none of its own, so the defaults.
  await switchTo('Lakeside Courier Services');
  await page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'Off']);
  expect(await flagRow('validation')).toEqual(['On', 'On']);

  await page
    .getByRole('group', { name: 'Override Hemolysis Tracking' })
    .getByRole('button', { name: 'On', exact: true })
    .click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'On']);
  await screenshot(page, 'flag-overrides');
  await page.keyboard.press('Escape');

  // Kept on this computer across a reload, and gone after logout.
  await page.reload();
  await page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'On']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs(page, 'staff@example.org');
  await page.getByRole('button', { name: 'Feature flag overrides' }).click();
  expect(await flagRow('hemolysisTracking')).toEqual(['Off', 'Off']);
});

it("lists the organization's users on the settings page", async () => {
  await loginAs(page, 'owner@example.org');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('gridcell', { name: 'member@example.org' }).waitFor();
  for (const heading of ['Analyzer', 'Vitals (Coming Soon)', 'Users']) {
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  await screenshot(page, 'settings');
  // The narrowest supported workstation: every column still fits.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.reload();
  await page.getByRole('gridcell', { name: 'Owner', exact: true }).last().waitFor();
  await screenshot(page, 'settings-1024');
});

it('sends unknown paths to the dashboard', async () => {
  await loginAs(page, 'member@example.org');
  await page.goto('/no/such/screen');
  await page.waitForURL('**/dashboard');
});

it('changes names on the account page and marks a wrong current password', async () => {
  await loginAs(page, 'guest@example.org');
  await page.goto('/account');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await page.getByLabel('First Name').fill('');
  await page.getByLabel('New Password', { exact: true }).fill('a-new-password');
  await save.click();
  await page.getByText('A first name is required.').waitFor();
  await page.getByText('Enter your current password to make changes.').waitFor();
  await page.getByText('Passwords do not match.').waitFor();

  await page.getByLabel('First Name').fill('Gustav');
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('Confirm New Password').fill('a-new-password');
  await save.click();
  const detail = 'Your current password is incorrect.';
  // Both the error toast and the field show the server's sentence.
  await page.locator('#notistack-snackbar', { hasText: detail }).waitFor();
  await page.locator('p.Mui-error', { hasText: detail }).waitFor();
  await screenshot(page, 'account-wrong-password');

  await page.getByLabel('Current Password').fill('');
  await page.getByLabel('New Password', { exact: true }).fill('');
  await page.getByLabel('Confirm New Password').fill('');
  await save.click();
  await page.getByText('Changes saved').waitFor();
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByText('Gustav Guest').waitFor();
});
