import fs from 'node:fs';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';
import { VALIDATION_MESSAGES } from '../../../shared/api/validations';

const e2e = setUpBrowserTests({ demo: 'full' });
let admin: ApiClient;
let hospitalId: number;

/** On the full demo data: lines with six months of records, a baseline and a validation in progress. */
beforeAll(async () => {
  admin = await e2e.server.login('admin@example.org');
  hospitalId = (await admin.get('/v2/auth/account')).body.default_institute;
});

const lineNamed = async (name: string) => {
  const { body } = await admin.get(`/v2/institutes/${hospitalId}/lines?size=100`);
  return body.items.find((l: { name: string }) => l.name === name);
};
const toast = (text: string) => e2e.page.getByText(text, { exact: true }).first();

it('says per day what a validation of several days needs, as the protocol beside it does', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.goto('/validation/new');
  await e2e.page.getByLabel('Validation Name').fill('Three-day check');
  await e2e.page.getByLabel('Start Date').fill(new Date().toISOString().slice(0, 10));
  await e2e.page.getByLabel('Duration (days)').click();
  await e2e.page.getByRole('option', { name: '3 days' }).click();
  await e2e.page.getByRole('button', { name: 'Next', exact: true }).click();
  await e2e.page
    .getByRole('grid', { name: 'Select lines' })
    .getByRole('row', { name: /ICU to Central Lab/ })
    .getByRole('checkbox')
    .check();
  await e2e.page.getByRole('button', { name: 'Next', exact: true }).click();
  const review = e2e.page.getByRole('table', { name: 'Review' });
  await review.getByText('ICU to Central Lab').waitFor();
  expect(await review.getByRole('row', { name: /Records needed/ }).textContent()).toBe(
    'Records needed4 per line on each of the 3 days (12 records in all)',
  );
  // Beside 'Collect 4 records for each line.', no per-line total that contradicts it.
  expect(await e2e.page.getByText(/12 per line/).count()).toBe(0);
  await e2e.page.getByText(VALIDATION_MESSAGES.collect, { exact: false }).waitFor();
});

it('creates a validation through the wizard, completes it short of records and downloads its report', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.getByRole('tab', { name: 'Validations' }).click();
  await e2e.page
    .getByRole('grid', { name: 'Validations' })
    .getByText('Baseline validation')
    .waitFor();
  await screenshot(e2e.page, 'validations-list');

  await e2e.page.getByRole('link', { name: 'New Validation' }).click();
  await e2e.page.waitForURL('**/validation/new');
  const next = e2e.page.getByRole('button', { name: 'Next', exact: true });

  // Step 1: nothing filled in, then a name taken in another case.
  await next.click();
  await e2e.page.getByText(VALIDATION_MESSAGES.nameRequired).waitFor();
  await e2e.page.getByText(VALIDATION_MESSAGES.startDateRequired).waitFor();
  await e2e.page.getByText(VALIDATION_MESSAGES.durationRequired).waitFor();
  await e2e.page.getByLabel('Validation Name').fill('BASELINE validation');
  await e2e.page.getByLabel('Start Date').fill(new Date().toISOString().slice(0, 10));
  await e2e.page.getByLabel('Duration (days)').click();
  await e2e.page.getByRole('option', { name: '1 day' }).click();
  await next.click();
  await e2e.page.getByText(VALIDATION_MESSAGES.nameTaken).waitFor();
  await screenshot(e2e.page, 'validation-wizard-details-errors');
  await e2e.page.getByLabel('Validation Name').fill('ICU spring check');
  await next.click();

  // Step 2: at least one line.
  const lines = e2e.page.getByRole('grid', { name: 'Select lines' });
  await lines.getByText('ICU to Central Lab').waitFor();
  await next.click();
  await e2e.page.getByText(VALIDATION_MESSAGES.linesRequired).waitFor();
  await lines
    .getByRole('row', { name: /ICU to Central Lab/ })
    .getByRole('checkbox')
    .check();
  await e2e.page.getByText('1 line selected').waitFor();
  await next.click();

  // Step 3: review, then create.
  await e2e.page.getByRole('table', { name: 'Review' }).getByText('ICU to Central Lab').waitFor();
  await screenshot(e2e.page, 'validation-wizard-review');
  await e2e.page.getByRole('button', { name: 'Create Validation' }).click();
  await toast(VALIDATION_MESSAGES.created).waitFor();
  await e2e.page.waitForURL((url) => url.pathname === '/validations');

  // Three of the four records a one-day validation needs (statistics need more than 2).
  const { body: found } = await admin.get(
    `/v2/institutes/${hospitalId}/validations?name__iexact=icu%20spring%20check`,
  );
  const validation = found.items[0];
  const icu = await lineNamed('ICU to Central Lab');
  const { body: records } = await admin.get(
    `/v2/institutes/${hospitalId}/records?line_id=${icu.id}&size=100&exclude=false`,
  );
  const free = records.items.filter((r: { validation: number | null }) => r.validation === null);
  for (const record of free.slice(0, 3)) {
    const res = await admin.patch(`/v2/records/${record.id}`, { validation: validation.id });
    expect(res.status).toBe(200);
  }

  await e2e.page.getByRole('link', { name: 'ICU spring check' }).click();
  await e2e.page.getByText('3 of 4 records').waitFor();
  await e2e.page.getByText('1 record still to collect.', { exact: false }).waitFor();
  await e2e.page.getByText(VALIDATION_MESSAGES.collect, { exact: false }).waitFor();
  await screenshot(e2e.page, 'validation-in-progress');

  // Completing short of records asks first, stating the shortfall.
  await e2e.page.getByRole('button', { name: 'Complete Validation' }).click();
  const dialog = e2e.page.getByRole('dialog', { name: 'Complete Validation' });
  await dialog.getByText('1 record is still missing').waitFor();
  await dialog.getByText(/ICU to Central Lab: 3 of 4 records collected, 1 missing/).waitFor();
  await screenshot(e2e.page, 'validation-complete-shortfall');
  await dialog.getByRole('button', { name: 'Complete Validation' }).click();
  await e2e.page.getByText('Completed', { exact: true }).first().waitFor();
  await e2e.page.getByRole('table', { name: 'Summary' }).getByText('ICU to Central Lab').waitFor();

  // Generate Report (confirmed), then download the PDF with the bearer token.
  await e2e.page.getByRole('button', { name: 'Generate Report' }).click();
  await e2e.page
    .getByRole('dialog', { name: 'Generate Report' })
    .getByRole('button', { name: 'Generate Report' })
    .click();
  await toast(VALIDATION_MESSAGES.reportCreated).waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([
    e2e.page.waitForEvent('download'),
    e2e.page.getByRole('button', { name: 'Download Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  await e2e.page.getByRole('tab', { name: 'Rejection', exact: true }).click();
  await e2e.page
    .getByRole('table', { name: 'Rejection' })
    .getByText('ICU to Central Lab')
    .waitFor();
  await screenshot(e2e.page, 'validation-completed-rejection');

  // A completed validation cannot be edited.
  await e2e.page.goto(`/validation/${validation.id}/edit`);
  await toast(VALIDATION_MESSAGES.completedNotEditable).waitFor();
  await e2e.page.waitForURL((url) => url.pathname === `/validation/${validation.id}`);

  await e2e.page.getByRole('tab', { name: 'Validations' }).click();
  await e2e.page.goto('/reports');
  await e2e.page
    .getByRole('grid', { name: 'Reports' })
    .getByText('ICU spring check')
    .first()
    .waitFor();
  await screenshot(e2e.page, 'reports');
}, 60_000);

it('shows the lines, their graphs, a line in detail and the comparisons', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.getByRole('tab', { name: 'Lines' }).click();
  const table = e2e.page.getByRole('grid', { name: 'Lines' });
  await table.getByText('Emergency to Central Lab').waitFor();
  await screenshot(e2e.page, 'lines-table');

  await e2e.page.getByRole('button', { name: 'Graph' }).click();
  await e2e.page.getByRole('tab', { name: 'Rejection', exact: true }).click();
  await e2e.page.getByRole('region', { name: 'Rejection probability per Line' }).waitFor();
  await e2e.page.waitForTimeout(500); // the bars animate in
  await screenshot(e2e.page, 'lines-graph-rejection');

  const maternity = await lineNamed('Maternity to Central Lab');
  await e2e.page.goto(`/line/${maternity.id}/summary`);
  await e2e.page.getByRole('region', { name: 'Statistics' }).waitFor();
  // Its validation is in progress and short of records: view and review, no completion.
  await e2e.page.getByRole('link', { name: 'View Validation' }).waitFor();
  await e2e.page.getByRole('link', { name: 'Review Records' }).waitFor();
  await screenshot(e2e.page, 'line-summary');

  const emergency = await lineNamed('Emergency to Central Lab');
  await e2e.page.goto(`/line/${emergency.id}/monitoring`);
  await e2e.page.getByTestId('line-trend-plot').waitFor();
  await e2e.page.waitForTimeout(500);
  await screenshot(e2e.page, 'line-monitoring');

  await e2e.page.getByRole('tab', { name: 'Validations' }).last().click();
  await e2e.page
    .getByRole('grid', { name: 'Validations' })
    .getByText('Baseline validation')
    .waitFor();

  await e2e.page.goto(`/line/${emergency.id}/records/compare`);
  await e2e.page.getByText('Please filter and select Records to view data').waitFor();
  await e2e.page.getByRole('button', { name: 'Get Records' }).click();
  // The first two records are chosen for the user and overlaid.
  await e2e.page
    .getByRole('grid', { name: 'Records to compare' })
    .getByRole('row')
    .nth(2)
    .waitFor();
  await e2e.page
    .getByRole('region', { name: 'Cumulative VitalMetric' })
    .locator('canvas')
    .waitFor();
  await e2e.page.waitForTimeout(500);
  await screenshot(e2e.page, 'line-records-compare');

  await e2e.page.goto('/line/compare');
  await e2e.page.getByRole('table', { name: 'Lines compared' }).waitFor();
  await e2e.page.waitForTimeout(500);
  await screenshot(e2e.page, 'lines-compare');

  await e2e.page.goto('/settings');
  await e2e.page.getByRole('button', { name: 'Edit Analyzer' }).click();
  // The Model field suggests the chosen make's models (GET /v2/types/analyzers).
  await e2e.page.getByRole('combobox', { name: 'Make' }).click();
  await e2e.page.getByRole('option', { name: 'Roche' }).click();
  const models = e2e.page.getByTestId('analyzer-models').locator('option');
  await models.filter({ hasText: 'cobas c 501' }).waitFor({ state: 'attached' });
  expect(await models.allTextContents()).not.toContain('AU680');
  await e2e.page.getByLabel('LDH threshold (mg/dL)').fill('');
  await e2e.page.getByRole('button', { name: 'Save Changes' }).click();
  await e2e.page.getByText('LDH threshold is required.').waitFor();
  await screenshot(e2e.page, 'settings-analyzer-edit');

  await e2e.page.goto('/rejection-insights');
  await e2e.page.getByText('Hemolysis data file format').waitFor();
  await e2e.page.waitForTimeout(500);
  await screenshot(e2e.page, 'rejection-insights');
}, 45_000);

it("says 'No Validations Found' when the name search finds none, and finds one that matches", async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/validations');
  const grid = e2e.page.getByRole('grid', { name: 'Validations' });
  await grid.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('searchbox', { name: 'Search by Name' }).fill('no such validation');
  await e2e.page.getByText('No Validations Found', { exact: true }).waitFor();
  expect(new URL(e2e.page.url()).searchParams.get('search')).toBe('no such validation');
  await screenshot(e2e.page, 'validations-none-found');
});

it('deletes a validation from its screen after a confirmation', async () => {
  const { hospital } = await e2e.server.demoInstitutes();
  const line = (await admin.get(`/v2/institutes/${hospital}/lines?size=1`)).body.items[0];
  const created = await admin.post(`/v2/institutes/${hospital}/validations`, {
    name: 'Short-lived check',
    start_date: new Date().toISOString().slice(0, 10),
    duration_days: 1,
    lines: [line.id],
  });
  expect(created.status).toBe(201);

  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto(`/validation/${created.body.id}`);
  await e2e.page.getByRole('heading', { name: 'Short-lived check' }).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Delete' }).click();
  const confirm = e2e.page.getByRole('dialog', { name: 'Delete Validation' });
  await confirm.getByText('Delete Short-lived check?', { exact: false }).waitFor();
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect((await admin.get(`/v2/validations/${created.body.id}`)).status).toBe(200);

  await e2e.page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(VALIDATION_MESSAGES.deleted('Short-lived check')).waitFor();
  await e2e.page.waitForURL((url) => url.pathname === '/validations');
  expect((await admin.get(`/v2/validations/${created.body.id}`)).status).toBe(404);
  // A guest sees no Delete.
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs(e2e.page, 'guest@example.org');
  const kept = (await admin.get(`/v2/institutes/${hospital}/validations?size=1`)).body.items[0];
  await e2e.page.goto(`/validation/${kept.id}`);
  await e2e.page.getByRole('heading', { name: kept.name }).waitFor();
  expect(await e2e.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
});
