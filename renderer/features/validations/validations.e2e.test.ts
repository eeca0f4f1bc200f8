import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage, screenshot } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { VALIDATION_MESSAGES } from '../../../shared/api/validations';

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let hospitalId: number;

/** On the full demo data: lines with six months of records, a baseline and a validation in progress. */
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ demo: 'full' }), launchBrowser()]);
  admin = await server.login('admin@example.org');
  hospitalId = (await admin.get('/v2/auth/account')).body.default_institute;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  page = await newPage(browser, server.url);
});
afterEach(() => page.context().close());

const lineNamed = async (name: string) => {
  const { body } = await admin.get(`/v2/institutes/${hospitalId}/lines?size=100`);
  return body.items.find((l: { name: string }) => l.name === name);
};
const toast = (text: string) => page.getByText(text, { exact: true }).first();

it('creates a validation through the wizard, completes it short of records and downloads its report', async () => {
  await loginAs(page, 'admin@example.org');
  await page.getByRole('tab', { name: 'Validations' }).click();
  await page.getByRole('grid', { name: 'Validations' }).getByText('Baseline validation').waitFor();
  await screenshot(page, 'validations-list');

  await page.getByRole('link', { name: 'New Validation' }).click();
  await page.waitForURL('**/validation/new');
  const next = page.getByRole('button', { name: 'Next', exact: true });

  // Step 1: nothing filled in, then a name taken in another case.
  await next.click();
  await page.getByText(VALIDATION_MESSAGES.nameRequired).waitFor();
  await page.getByText(VALIDATION_MESSAGES.startDateRequired).waitFor();
  await page.getByText(VALIDATION_MESSAGES.durationRequired).waitFor();
  await page.getByLabel('Validation Name').fill('BASELINE validation');
  await page.getByLabel('Start Date').fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel('Duration (days)').click();
  await page.getByRole('option', { name: '1 day' }).click();
  await next.click();
  await page.getByText(VALIDATION_MESSAGES.nameTaken).waitFor();
  await screenshot(page, 'validation-wizard-details-errors');
  await page.getByLabel('Validation Name').fill('ICU spring check');
  await next.click();

  // Step 2: at least one line.
  const lines = page.getByRole('grid', { name: 'Select lines' });
  await lines.getByText('ICU to Central Lab').waitFor();
  await next.click();
  await page.getByText(VALIDATION_MESSAGES.linesRequired).waitFor();
  await lines
    .getByRole('row', { name: /ICU to Central Lab/ })
    .getByRole('checkbox')
    .check();
  await page.getByText('1 line selected').waitFor();
  await next.click();

  // Step 3: review, then create.
  await page.getByRole('table', { name: 'Review' }).getByText('ICU to Central Lab').waitFor();
  await screenshot(page, 'validation-wizard-review');
  await page.getByRole('button', { name: 'Create Validation' }).click();
  await toast(VALIDATION_MESSAGES.created).waitFor();
  await page.waitForURL((url) => url.pathname === '/validations');

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

  await page.getByRole('link', { name: 'ICU spring check' }).click();
  await page.getByText('3 of 4 records').waitFor();
  await page.getByText(VALIDATION_MESSAGES.collect, { exact: false }).waitFor();
  await screenshot(page, 'validation-in-progress');

  // Completing short of records asks first, stating the shortfall.
  await page.getByRole('button', { name: 'Complete Validation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Validation' });
  await dialog.getByText('1 record(s) are still missing').waitFor();
  await dialog.getByText(/ICU to Central Lab: 3 of 4 records collected, 1 missing/).waitFor();
  await screenshot(page, 'validation-complete-shortfall');
  await dialog.getByRole('button', { name: 'Complete Validation' }).click();
  await page.getByText('Completed', { exact: true }).first().waitFor();
  await page.getByRole('table', { name: 'Summary' }).getByText('ICU to Central Lab').waitFor();

  // Generate Report (confirmed), then download the PDF with the bearer token.
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await page
    .getByRole('dialog', { name: 'Generate Report' })
    .getByRole('button', { name: 'Generate Report' })
    .click();
  await toast(VALIDATION_MESSAGES.reportCreated).waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('tab', { name: 'Rejection', exact: true }).click();
  await page.getByRole('table', { name: 'Rejection' }).getByText('ICU to Central Lab').waitFor();
  await screenshot(page, 'validation-completed-rejection');

  // A completed validation cannot be edited.
  await page.goto(`/validation/${validation.id}/edit`);
  await toast(VALIDATION_MESSAGES.completedNotEditable).waitFor();
  await page.waitForURL((url) => url.pathname === `/validation/${validation.id}`);

  await page.getByRole('tab', { name: 'Validations' }).click();
  await page.goto('/reports');
  await page.getByRole('grid', { name: 'Reports' }).getByText('ICU spring check').first().waitFor();
  await screenshot(page, 'reports');
}, 60_000);

it('shows the lines, their graphs, a line in detail and the comparisons', async () => {
  await loginAs(page, 'admin@example.org');
  await page.getByRole('tab', { name: 'Lines' }).click();
  const table = page.getByRole('grid', { name: 'Lines' });
  await table.getByText('Emergency to Central Lab').waitFor();
  await screenshot(page, 'lines-table');

  await page.getByRole('button', { name: 'Graph' }).click();
  await page.getByRole('tab', { name: 'Rejection', exact: true }).click();
  await page.getByRole('region', { name: 'Rejection probability per Line' }).waitFor();
  await page.waitForTimeout(500); // the bars animate in
  await screenshot(page, 'lines-graph-rejection');

  const maternity = await lineNamed('Maternity to Central Lab');
  await page.goto(`/line/${maternity.id}/summary`);
  await page.getByRole('region', { name: 'Statistics' }).waitFor();
  // Its validation is in progress and short of records: view and review, no completion.
  await page.getByRole('link', { name: 'View Validation' }).waitFor();
  await page.getByRole('link', { name: 'Review Records' }).waitFor();
  await screenshot(page, 'line-summary');

  const emergency = await lineNamed('Emergency to Central Lab');
  await page.goto(`/line/${emergency.id}/monitoring`);
  await page.getByTestId('line-trend-plot').waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'line-monitoring');

  await page.getByRole('tab', { name: 'Validations' }).last().click();
  await page.getByRole('grid', { name: 'Validations' }).getByText('Baseline validation').waitFor();

  await page.goto(`/line/${emergency.id}/records/compare`);
  await page.getByText('Please filter and select Records to view data').waitFor();
  await page.getByRole('button', { name: 'Get Records' }).click();
  // The first two records are chosen for the user and overlaid.
  await page.getByRole('grid', { name: 'Records to compare' }).getByRole('row').nth(2).waitFor();
  await page.getByRole('region', { name: 'Cumulative VitalMetric' }).locator('canvas').waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'line-records-compare');

  await page.goto('/line/compare');
  await page.getByRole('table', { name: 'Lines compared' }).waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'lines-compare');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit Analyzer' }).click();
  await page.getByLabel('LDH threshold (mg/dL)').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('LDH threshold is required.').waitFor();
  await screenshot(page, 'settings-analyzer-edit');

  await page.goto('/rejection-insights');
  await page.getByText('Hemolysis data file format').waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'rejection-insights');
}, 45_000);
