import { loginAs, newPage, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { LINE_NAME_PATTERN, LINE_NAME_REQUIRED } from '../../../shared/api/lines';
import { FORM_DATA_ISSUE } from '../../lib/form-errors';

const e2e = setUpBrowserTests();
let atriumId: number;
let hospitalId: number;

/** Two hospital lines: Atrium with five records (figures shown), Basement without any. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  hospitalId = hospital;
  const atrium = await insertLine(db, hospital, { name: 'Atrium Line', length: 120 });
  atriumId = atrium.id;
  await insertLine(db, hospital, { name: 'Basement Line' });
  await insertProcessedRecords(
    db,
    hospital,
    atrium.id,
    [90, 120, 150, 110, 130].map((auc) => ({ auc })),
  );
});

const linesGrid = () => e2e.page.getByRole('grid', { name: 'Lines' });

it('archives a line the moment its box is ticked', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('tab', { name: 'Lines' }).click();
  await linesGrid().getByText('Atrium Line').waitFor();
  await e2e.page.getByRole('checkbox', { name: 'Archive Atrium Line' }).check();
  await e2e.page.getByText('Changes saved').waitFor();
  const api = await e2e.server.login('member@example.org');
  expect((await api.get(`/v2/lines/${atriumId}`)).body.archived).toBe(true);

  const saved = e2e.page.waitForResponse(
    (r) => r.url().endsWith(`/v2/lines/${atriumId}`) && r.request().method() === 'PATCH',
  );
  await e2e.page.getByRole('checkbox', { name: 'Archive Atrium Line' }).uncheck();
  await saved;
  expect((await api.get(`/v2/lines/${atriumId}`)).body.archived).toBe(false);
});

it('takes an archiving back with the Undo of its toast', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.getByRole('tab', { name: 'Lines' }).click();
  await linesGrid().getByText('Basement Line').waitFor();
  const box = e2e.page.getByRole('checkbox', { name: 'Archive Basement Line' });
  await box.check();
  const undo = e2e.page.getByRole('button', { name: 'Undo archiving Basement Line' });
  await undo.waitFor();
  await screenshot(e2e.page, 'line-archive-undo');
  const restored = e2e.page.waitForResponse(
    (r) => /\/v2\/lines\/\d+$/.test(r.url()) && r.request().method() === 'PATCH' && r.ok(),
  );
  await undo.click();
  await restored;
  await e2e.page.waitForFunction(
    () =>
      !(document.querySelector('input[aria-label="Archive Basement Line"]') as HTMLInputElement)
        ?.checked,
  );
  const api = await e2e.server.login('member@example.org');
  const lines = (await api.get(`/v2/institutes/${hospitalId}/lines?size=100`)).body.items;
  expect(lines.find((l: { name: string }) => l.name === 'Basement Line').archived).toBe(false);
});

it('validates the add-line form and puts a 422 on its field with the form toast', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.goto('/lines');
  await e2e.page.getByRole('button', { name: 'Add Line' }).click();
  const dialog = e2e.page.getByRole('dialog', { name: 'Add New Line' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(LINE_NAME_REQUIRED).waitFor();
  await dialog.getByLabel('Name').fill('1st floor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(LINE_NAME_PATTERN).waitFor();

  // Hand carried lines have no manufacturer: the field goes.
  await dialog.getByLabel('Manufacturer').waitFor();
  await dialog.getByLabel('Hand Carried').check();
  await expect(dialog.getByLabel('Manufacturer').count()).resolves.toBe(0);
  await dialog.getByLabel('Hand Carried').uncheck();

  // The server refuses the name: its first detail entry lands on the field.
  await e2e.page.route('**/v2/institutes/*/lines', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            detail: [
              { loc: ['body', 'name'], msg: 'A line with this name exists.', type: 'value_error' },
            ],
          }),
        })
      : route.continue(),
  );
  await dialog.getByLabel('Name').fill('Pharmacy Line');
  await dialog.getByLabel('Length (m)').fill('85');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('A line with this name exists.').waitFor();
  await e2e.page.getByText(FORM_DATA_ISSUE).waitFor();
  await screenshot(e2e.page, 'line-add-422');

  await e2e.page.unroute('**/v2/institutes/*/lines');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await e2e.page.getByText('Pharmacy Line has been added.').waitFor();
  await linesGrid().getByText('Pharmacy Line').waitFor();
  await screenshot(e2e.page, 'lines-small');
});

it('keeps guests read-only: no adding, archiving, settings or new validations', async () => {
  await loginAs(e2e.page, 'guest@example.org');
  await e2e.page.goto('/lines');
  await linesGrid().getByText('Atrium Line').waitFor();
  expect(await e2e.page.getByRole('button', { name: 'Add Line' }).count()).toBe(0);
  await expect(
    e2e.page.getByRole('checkbox', { name: 'Archive Atrium Line' }).isDisabled(),
  ).resolves.toBe(true);
  expect(await e2e.page.getByRole('link', { name: 'Atrium Line settings' }).count()).toBe(0);

  await e2e.page.goto(`/line/${atriumId}/settings`);
  await expect(e2e.page.getByLabel('Name').isDisabled()).resolves.toBe(true);
  expect(await e2e.page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

  await e2e.page.getByRole('tab', { name: 'Validations' }).click();
  await e2e.page.getByText('No Validations').waitFor();
  await expect(
    e2e.page.getByRole('link', { name: 'New Validation' }).getAttribute('aria-disabled'),
  ).resolves.toBe('true');
  await screenshot(e2e.page, 'validations-guest');
});

it('gives staff the rejection calculator with bands and uncertainty', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.goto('/rejection-calculator?value=500');
  const table = e2e.page.getByRole('table', { name: 'Rejection probability' });
  await table.getByText('Acceptable 12.6%').waitFor();
  await table.getByText('8.5% – 19.3%').waitFor();
  await screenshot(e2e.page, 'rejection-calculator');

  // Not for others: back to the dashboard.
  await e2e.page.context().clearCookies();
  const other = await newPage(e2e.browser, e2e.server.url);
  await loginAs(other, 'owner@example.org');
  await other.goto('/rejection-calculator');
  await other.waitForURL('**/dashboard');
  await other.context().close();
});
