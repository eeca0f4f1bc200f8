import {
  chooseOrganization,
  loginAs,
  screenshot,
  setUpBrowserTests,
} from '../../../testing/browser';
import { instituteIds } from '../../../testing/lines';
import type { ValidationLineStats } from '../../../shared/api/validations';

/**
 * The staff's beta-metric selector in the top bar (behind betaMetrics) drives the metric of the
 * line and validation screens; everyone else keeps VitalMetric.
 */
const e2e = setUpBrowserTests({ demo: 'full' });
let validationId: number;
let lineId: number;
let lineName: string;
/** The figures the screens should show for Power, as the API gives them. */
let linePower: string;
let validationPower: string;
/** A processed record of the hospital, for the record page's own metric picker. */
let recordId: number;

beforeAll(async () => {
  const staff = await e2e.server.login('staff@example.org');
  const { hospital } = await instituteIds(e2e.server.ctx.db);
  // The hospital gets betaMetrics on its own flags, so only the role decides who sees the selector.
  const { body: institute } = await staff.get(`/v2/institutes/${hospital}`);
  const patched = await staff.patch(`/v2/institutes/${hospital}`, {
    feature_flags: { ...institute.feature_flags, betaMetrics: true },
  });
  expect(patched.status).toBe(200);

  const { body: found } = await staff.get(
    `/v2/institutes/${hospital}/validations?name__iexact=baseline%20validation`,
  );
  validationId = found.items[0].id;
  const { body: rows } = await staff.get(`/v2/validations/${validationId}/lines`);
  const row = (rows as ValidationLineStats[]).find((r) => r.power.mean !== null)!;
  lineId = row.line_id;
  lineName = row.line_name;
  validationPower = row.power.mean!.toFixed(3);
  const { body: line } = await staff.get(`/v2/lines/${lineId}`);
  linePower = line.line_statistics.power.mean.toFixed(3);
  const { body: records } = await staff.get(`/v2/institutes/${hospital}/records?size=1`);
  recordId = records.items[0].id;
});

const metric = () => e2e.page.getByRole('combobox', { name: /^Metric/ });
const summaryTable = () => e2e.page.getByRole('table', { name: 'Summary' });
const statistics = () => e2e.page.getByRole('region', { name: 'Statistics' });

it('lets staff pick Power (Beta) in the top bar, and the line and validation screens show power', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await chooseOrganization(e2e.page, 'Northfield General Hospital');

  // VitalMetric until the staff choose otherwise.
  await e2e.page.goto(`/validation/${validationId}`);
  await summaryTable().getByRole('columnheader', { name: 'VitalMetric mean (g·s)' }).waitFor();

  await metric().click();
  const options = await e2e.page.getByRole('option').allTextContents();
  expect(options).toEqual(['VitalMetric (AUC)', 'AUC 225 (Beta)', 'Power (Beta)']);
  await e2e.page.getByRole('option', { name: 'Power (Beta)' }).click();
  await summaryTable().getByRole('columnheader', { name: 'Power (Beta) mean (g²)' }).waitFor();
  const row = summaryTable().getByRole('row').filter({ hasText: lineName });
  await row.getByRole('cell', { name: validationPower, exact: true }).waitFor();
  await screenshot(e2e.page, 'validation-results-power');

  // The choice is kept: the line screen shows its power too.
  await e2e.page.goto(`/line/${lineId}/summary`);
  await statistics().getByText('Power (Beta) mean (g²)', { exact: true }).waitFor();
  await statistics().getByText(linePower, { exact: true }).waitFor();
  expect(await statistics().getByText('VitalMetric mean (g·s)').count()).toBe(0);
  await screenshot(e2e.page, 'line-summary-power');

  // Back to VitalMetric.
  await metric().click();
  await e2e.page.getByRole('option', { name: 'VitalMetric (AUC)' }).click();
  await statistics().getByText('VitalMetric mean (g·s)', { exact: true }).waitFor();
});

it('gives a member no selector and VitalMetric, even with Power chosen on this computer', async () => {
  // A staff's choice left on this computer does not apply to a member.
  await e2e.page.addInitScript(() =>
    localStorage.setItem(
      'vialqc-ui',
      JSON.stringify({ state: { betaMetric: 'power' }, version: 1 }),
    ),
  );
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto(`/validation/${validationId}`);
  await summaryTable().getByRole('columnheader', { name: 'VitalMetric mean (g·s)' }).waitFor();
  await e2e.page.goto(`/line/${lineId}/summary`);
  await statistics().getByText('VitalMetric mean (g·s)', { exact: true }).waitFor();
  expect(await statistics().getByText('Power (Beta) mean (g²)').count()).toBe(0);
  await e2e.page.getByRole('button', { name: 'Settings menu' }).waitFor();
  expect(await metric().count()).toBe(0);

  // Nor does the record page offer the Beta metrics: its cumulative chart stays VitalMetric.
  await e2e.page.goto(`/record/${recordId}`);
  const cumulative = e2e.page.getByRole('region', { name: 'Cumulative VitalMetric' });
  await cumulative.getByTestId('cumulative-chart').waitFor();
  expect(await cumulative.getByRole('combobox').count()).toBe(0);
});

it("gives staff the record page's metric picker with the Beta metrics", async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await chooseOrganization(e2e.page, 'Northfield General Hospital');
  await e2e.page.goto(`/record/${recordId}`);
  const picker = e2e.page
    .getByRole('region', { name: 'Cumulative VitalMetric' })
    .getByRole('combobox', { name: /^Metric/ });
  await picker.click();
  expect(await e2e.page.getByRole('option').allTextContents()).toEqual([
    'VitalMetric',
    'AUC 225 (Beta)',
    'Power (Beta)',
  ]);
});
