import { VIAL_MESSAGES } from '../../../shared/api/vials';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

/** Errors keep their reason: the spec's message, then what the server said; a way back. */
const e2e = setUpBrowserTests();

it("a duplicate vial's toast gives the server's reason after the spec's message", async () => {
  const staff = await e2e.server.login('staff@example.org');
  const { hospital } = await e2e.server.demoInstitutes();
  const existing = await staff.post('/v2/vials', {
    label: 'VV-7001',
    version: 'VV3',
    institute: hospital,
  });
  expect(existing.status).toBe(201);

  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.goto('/vials');
  await e2e.page.getByRole('row', { name: /VV-7001/ }).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Create Vial' }).click();
  const dialog = e2e.page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Label' }).fill('VV-7001');
  await dialog.getByRole('combobox', { name: 'Version' }).click();
  await e2e.page.getByRole('option', { name: 'VV3' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await e2e.page
    .getByText(`${VIAL_MESSAGES.createFailed}: A vial labelled VV-7001 exists already.`)
    .waitFor();
  await screenshot(e2e.page, 'duplicate-vial-reason');
});

it("a missing record's page says why and leads back to the records", async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/record/2147483000');
  const alert = e2e.page.getByRole('alert');
  await alert.getByText('Record not found.').waitFor();
  await alert.getByText('Not found.').waitFor();
  await screenshot(e2e.page, 'missing-record-way-back');
  await alert.getByRole('link', { name: 'Back to Records' }).click();
  await e2e.page.waitForURL((url) => url.pathname.startsWith('/records'));
});
