import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage, screenshot } from '../../../testing/browser';
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

const dialog = () => page.getByRole('dialog');
const nameField = () => dialog().getByRole('textbox', { name: 'Label Name' });
const labelRow = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });

it('creates, renames and deletes a label, with the spec messages on a bad name', async () => {
  await loginAs(page, 'member@example.org');
  await page.goto('/labels');
  await page.getByText('No Rows Found').waitFor({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Create Label' }).click();
  // A new label starts with the default colour.
  expect(await dialog().getByLabel('Colour').inputValue()).toBe('#4fc1be');
  await dialog().getByRole('button', { name: 'Create' }).click();
  await dialog().getByText('Label name is required.').waitFor();
  await nameField().fill('x'.repeat(41));
  await dialog().getByRole('button', { name: 'Create' }).click();
  await dialog().getByText('Label is too long.').waitFor();
  await nameField().fill('Pneumatic jam');
  await screenshot(page, 'label-dialog');
  await dialog().getByRole('button', { name: 'Create' }).click();
  await page.getByText('Label created').waitFor();
  await labelRow('Pneumatic jam').waitFor();
  expect(await labelRow('Pneumatic jam').textContent()).toContain('#4FC1BE');

  await page.getByRole('button', { name: 'Edit Pneumatic jam' }).click();
  await nameField().fill('Pneumatic jam (cleared)');
  await dialog().getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changes saved').waitFor();
  await labelRow('Pneumatic jam \\(cleared\\)').waitFor();
  await screenshot(page, 'labels');

  await page.getByRole('button', { name: 'Delete Pneumatic jam (cleared)' }).click();
  await dialog().getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Label deleted').waitFor();
  await page.getByText('No Rows Found').waitFor();
});

it('lets guests read labels but not change them, saying why on hover', async () => {
  const owner = await server.login('owner@example.org');
  const me = (await owner.get('/v2/auth/account')).body;
  await owner.post(`/v2/institutes/${me.default_institute}/labels`, { label: 'Night shift' });

  await loginAs(page, 'guest@example.org');
  await page.goto('/labels');
  await labelRow('Night shift').waitFor({ timeout: 30_000 });
  expect(await page.getByRole('button', { name: 'Create Label' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Edit Night shift' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Create Label' }).locator('..').hover();
  await page.getByRole('tooltip', { name: 'Guests have view-only access.' }).waitFor();
});
