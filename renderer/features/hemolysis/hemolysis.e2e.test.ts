import { loginAs, screenshot, setUpBrowserTests, waitForValue } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';
import { formatDay } from '../../lib/calendar-day';
import { zonedDay } from '../../lib/time-zone';

// The full demo: records on lines, clinical data that calibrates the model, two HI data sets.
const e2e = setUpBrowserTests({ demo: 'full' });
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  member = await e2e.server.login('member@example.org');
  hospital = (await member.get('/v2/auth/account')).body.default_institute;
});

const dialog = () => e2e.page.getByRole('dialog');

it('lets a member add clinical data linked through the record picker', async () => {
  // A processed record of the demo, and its day in the hospital's zone.
  const { timezone } = (await member.get(`/v2/institutes/${hospital}`)).body;
  const records = (
    await member.get(`/v2/institutes/${hospital}/records?is_processed=true&size=1&ordering=-date`)
  ).body.items;
  const day = zonedDay(records[0].date, timezone);
  const choices = (
    await member.get(`/v2/institutes/${hospital}/clinical-data/record-choices?date=${day}`)
  ).body.items;
  expect(choices.map((r: { id: number }) => r.id)).toContain(records[0].id);
  // The demo's clinical data calibrates the hospital's model.
  const model = (await member.get(`/v2/institutes/${hospital}/rejection-model`)).body;
  expect(model).toMatchObject({ source: 'calibrated' });
  expect(model.n).toBeGreaterThanOrEqual(30);

  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/clinical-data');
  await e2e.page.getByRole('grid', { name: 'Clinical data' }).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Add Clinical Data' }).click();
  await dialog().getByRole('button', { name: 'Add' }).click();
  await dialog().getByText('You cannot have an empty date.').waitFor();

  await dialog().getByLabel('Date').fill(day);
  await dialog().getByRole('combobox', { name: 'Record' }).click();
  await e2e.page.getByRole('option').nth(1).waitFor();
  expect(await e2e.page.getByRole('option').count()).toBe(choices.length + 1);
  await e2e.page.getByRole('option').nth(1).click();
  await dialog().getByLabel('HI transported').fill('21.5');
  await dialog().getByLabel('HI baseline').fill('6.25');
  // Staff-only fields are shown but read-only for a member.
  expect(await dialog().getByLabel('Exclude from model').isDisabled()).toBe(true);
  await screenshot(e2e.page, 'clinical-data-dialog');
  await dialog().getByRole('button', { name: 'Add' }).click();
  await e2e.page.getByText('Clinical data created successfully').waitFor();

  const list = (
    await member.get(`/v2/institutes/${hospital}/clinical-data?date__gte=${day}&size=100`)
  ).body.items as { date: string; record: number | null; h_index: number | null }[];
  const added = list.find((e) => e.date === day && e.h_index === 21.5);
  expect(added?.record).toBe(choices[0].id);
  await e2e.page.goto(`/clinical-data?date__gte=${day}`);
  await e2e.page.getByRole('gridcell', { name: '21.50' }).waitFor();
  await screenshot(e2e.page, 'clinical-data');
});

it("shows a record's clinical data count on its page, linking to those entries", async () => {
  const linked = (
    await member.get(`/v2/institutes/${hospital}/clinical-data?size=100&ordering=-date`)
  ).body.items.find((e: { record: number | null }) => e.record !== null);
  const record = (await member.get(`/v2/records/${linked.record}`)).body;
  const count: number = record.clinical_data_count;
  expect(count).toBeGreaterThan(0);
  const entries = (await member.get(`/v2/institutes/${hospital}/clinical-data?record=${record.id}`))
    .body;
  expect(entries.total).toBe(count);

  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto(`/record/${record.id}`);
  const figures = e2e.page.getByRole('definition').filter({ hasText: /entr(y|ies)$/ });
  const link = figures.getByRole('link', { name: count === 1 ? '1 entry' : `${count} entries` });
  await link.waitFor({ timeout: 30_000 });
  await link.click();
  await e2e.page.waitForURL((url) => url.pathname === '/clinical-data');
  expect(new URL(e2e.page.url()).searchParams.get('record')).toBe(String(record.id));
  await e2e.page.getByText(`Record #${record.id}`).waitFor();
  const grid = e2e.page.getByRole('grid', { name: 'Clinical data' });
  await grid.getByRole('row').nth(1).waitFor();
  // The header row, then the linked entries (the first page of them).
  await e2e.page.waitForFunction(
    ([want]) =>
      document.querySelectorAll('[aria-label="Clinical data"] [role="row"][data-id]').length ===
      want,
    [Math.min(count, 10)],
  );
  await screenshot(e2e.page, 'record-clinical-data');
});

it('lets staff upload a CSV and read one day in the day picker', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  const organization = e2e.page.getByRole('combobox', { name: 'Organization' });
  await organization.click();
  await organization.fill('Northfie');
  await e2e.page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  await waitForValue(organization, 'Northfield General Hospital');

  await e2e.page.goto('/hemolysis-index');
  await e2e.page
    .getByRole('link', { name: /HI export/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Add Hemolysis Data' }).click();
  // Two days in London: 4 measurements on 3 March (one row without h_index), 1 on 4 March.
  const csv = [
    'timestamp,h_index',
    '2025-03-03 08:00,12',
    '2025-03-03 09:30,44.5',
    '2025-03-03 10:00,',
    '2025-03-03T23:30:00Z,3',
    '2025-03-03 23:59,95',
    '2025-03-04 07:15,8',
  ].join('\n');
  await dialog()
    .getByLabel('CSV file')
    .setInputFiles({ name: 'ward-7 march.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await waitForValue(dialog().getByRole('textbox', { name: 'Title' }), 'ward-7 march');
  await dialog().getByRole('button', { name: 'Upload' }).click();
  await dialog().getByText('A line is required for the data.').waitFor();
  await dialog().getByRole('combobox', { name: 'Line' }).click();
  await e2e.page.getByRole('option', { name: 'ICU to Central Lab' }).click();
  await dialog().getByRole('button', { name: 'Upload' }).click();
  await e2e.page.getByText('Hemolysis data uploaded successfully').waitFor();

  await e2e.page.getByRole('link', { name: 'ward-7 march' }).click();
  await e2e.page.getByRole('heading', { name: 'ward-7 march' }).waitFor();
  // The picker opens on the latest day; 23:30Z is still 3 March in London (GMT in March).
  const picker = e2e.page.getByRole('combobox', { name: 'Day' });
  await picker.click();
  await e2e.page.getByRole('option', { name: `${formatDay('2025-03-03')} (4)` }).click();
  await e2e.page.getByText('4 measurements on this day.').waitFor();
  await e2e.page.getByText('5 measurements from').waitFor();
  await e2e.page.getByText('1 row without h_index skipped').waitFor();
  await e2e.page.getByTestId('hemolysis-day-chart').locator('canvas').first().waitFor();
  await screenshot(e2e.page, 'hemolysis-day');
  await e2e.page.getByRole('button', { name: 'Next day' }).click();
  await e2e.page.getByText('1 measurement on this day.').waitFor();

  // The day's one measurement, corrected from its row.
  const measurements = e2e.page.getByRole('grid', { name: 'Measurements' });
  await measurements.getByRole('gridcell', { name: '8', exact: true }).waitFor();
  await measurements.getByRole('button', { name: 'Correct the measurement at 07:15:00' }).click();
  const value = dialog().getByLabel('Hemolysis index (mg/dL)');
  await value.fill('-1');
  await dialog().getByRole('button', { name: 'Save' }).click();
  await dialog().getByText('h_index cannot be negative.').waitFor();
  await value.fill('9.5');
  await dialog().getByRole('button', { name: 'Save' }).click();
  await e2e.page.getByText('Measurement corrected successfully').waitFor();
  await measurements.getByRole('gridcell', { name: '9.5', exact: true }).waitFor();
  const setId = Number(/hemolysis-index-data\/(\d+)/.exec(e2e.page.url())![1]);
  const stored = await member.get(`/v2/hemolysis-index-data/${setId}/measurements`);
  expect(stored.body.items.map((m: { value: number }) => m.value)).toEqual([12, 44.5, 3, 95, 9.5]);
});

it('shows observed and predicted rejection of a line on the insights screen', async () => {
  const summary = (
    await member.get(`/v2/institutes/${hospital}/hemolysis-index/summary?frequency=week`)
  ).body;
  const row = summary.data.find((r: { predicted: unknown }) => r.predicted !== null);
  expect(row).toBeDefined();
  expect(row.rejected.ldh).toBeGreaterThan(0);

  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/rejection-insights');
  const chart = e2e.page.getByTestId(`observed-${row.line_id}`);
  await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
  await e2e.page
    .getByRole('region', { name: `${row.line_name}: LDH rejection per week` })
    .waitFor();
  await screenshot(e2e.page, 'rejection-insights');
});
