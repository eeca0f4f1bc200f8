import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests();

const dialog = () => e2e.page.getByRole('dialog');
const nameField = () => dialog().getByRole('textbox', { name: 'Label Name' });
const labelRow = (name: string) => e2e.page.getByRole('row', { name: new RegExp(`^${name}`) });

it('creates, renames and deletes a label, with the spec messages on a bad name', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/labels');
  await e2e.page.getByText('No Rows Found').waitFor({ timeout: 30_000 });

  await e2e.page.getByRole('button', { name: 'Create Label' }).click();
  // A new label starts with the default colour.
  expect(await dialog().getByLabel('Colour').inputValue()).toBe('#4fc1be');
  await dialog().getByRole('button', { name: 'Create' }).click();
  await dialog().getByText('Label name is required.').waitFor();
  await nameField().fill('x'.repeat(41));
  await dialog().getByRole('button', { name: 'Create' }).click();
  await dialog().getByText('Label is too long.').waitFor();
  await nameField().fill('Pneumatic jam');
  await screenshot(e2e.page, 'label-dialog');
  await dialog().getByRole('button', { name: 'Create' }).click();
  await e2e.page.getByText('Label created').waitFor();
  await labelRow('Pneumatic jam').waitFor();
  expect(await labelRow('Pneumatic jam').textContent()).toContain('#4FC1BE');

  await e2e.page.getByRole('button', { name: 'Edit Pneumatic jam' }).click();
  await nameField().fill('Pneumatic jam (cleared)');
  await dialog().getByRole('button', { name: 'Save' }).click();
  await e2e.page.getByText('Changes saved').waitFor();
  await labelRow('Pneumatic jam \\(cleared\\)').waitFor();
  await screenshot(e2e.page, 'labels');

  await e2e.page.getByRole('button', { name: 'Delete Pneumatic jam (cleared)' }).click();
  await dialog().getByRole('button', { name: 'Delete' }).click();
  await e2e.page.getByText('Label deleted').waitFor();
  await e2e.page.getByText('No Rows Found').waitFor();
});

it('lets guests read labels but not change them, saying why on hover', async () => {
  const owner = await e2e.server.login('owner@example.org');
  const me = (await owner.get('/v2/auth/account')).body;
  await owner.post(`/v2/institutes/${me.default_institute}/labels`, { label: 'Night shift' });

  await loginAs(e2e.page, 'guest@example.org');
  await e2e.page.goto('/labels');
  await labelRow('Night shift').waitFor({ timeout: 30_000 });
  expect(await e2e.page.getByRole('button', { name: 'Create Label' }).isDisabled()).toBe(true);
  expect(await e2e.page.getByRole('button', { name: 'Edit Night shift' }).isDisabled()).toBe(true);
  await e2e.page.getByRole('button', { name: 'Create Label' }).locator('..').hover();
  await e2e.page.getByRole('tooltip', { name: 'Guests have view-only access.' }).waitFor();
});
