import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  waitForValue,
} from '../../../testing/browser';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { addDays } from '../../../shared/api/validations';
import { formatDate } from '../../lib/format';
import { zonedDay, zonedDayStart } from '../../lib/time-zone';
import { cellCenter, rangeStart } from './components/activity-calendar-layout';
import { ACTIVITY_DAYS } from './api/get-record-activity';

// The full demo: six months of records on lines, labels and validations.
let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let hospital: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ demo: 'full' }), launchBrowser()]);
  admin = await server.login('admin@example.org');
  hospital = (await admin.get('/v2/auth/account')).body.default_institute;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  page = await newPage(browser, server.url);
  await loginAs(page, 'admin@example.org');
});
afterEach(() => page.context().close());

const section = (name: string) => page.getByRole('region', { name, exact: true });

/** Clicks a day's cell of the heat map where the calendar draws it. */
async function clickDay(start: string, day: string) {
  const chart = page.getByTestId('activity-heat-map');
  await chart.locator('canvas').first().waitFor();
  const box = (await chart.boundingBox())!;
  const { x, y } = cellCenter(start, day);
  await page.mouse.click(box.x + x, box.y + y);
}

it('shows the validation, review and further panels, and a heat-map day opens its records', async () => {
  await section('Latest Validation').waitFor({ timeout: 30_000 });
  await section('Records to Review').getByText('To review', { exact: true }).waitFor();
  await section('Latest Records').getByRole('table').waitFor();
  await section('Latest Validation').getByRole('link', { name: 'View Validation' }).waitFor();
  await page.getByTestId('activity-heat-map').locator('canvas').first().waitFor();
  await page.waitForTimeout(500); // the heat map's entry animation
  await screenshot(page, 'dashboard');

  // A day with records, old enough to be reviewed, from the same endpoint the chart draws.
  const { timezone, days } = (await admin.get(`/v2/institutes/${hospital}/records/activity`)).body;
  const today = zonedDay(new Date(), timezone);
  const start = rangeStart(today, ACTIVITY_DAYS);
  const busy = days.find((d: { date: string }) => d.date < addDays(today, -20));
  await clickDay(start, busy.date);
  await page.waitForURL(/\/records\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('date__gte')).toBe(zonedDayStart(busy.date, timezone));
  expect(params.get('date__lt')).toBe(zonedDayStart(addDays(busy.date, 1), timezone));
  expect(params.get('exclude')).toBe('false');
  expect(params.get('hidden')).toBe('false');
  const dayText = formatDate(new Date(`${busy.date}T12:00:00`));
  const rows = page.getByRole('row').filter({ hasText: dayText });
  await rows.first().waitFor();
  // Arriving with filters opens the panel; the dates read as the day in both fields.
  await page.getByRole('button', { name: 'Hide Filters' }).waitFor();
  expect(await page.getByLabel('From Date').inputValue()).toBe(busy.date);
  expect(await page.getByLabel('To Date').inputValue()).toBe(busy.date);
  await screenshot(page, 'records-from-heat-map');

  // A day without records says so.
  await page.goto('/dashboard');
  const quiet = addDays(today, -300);
  expect(days.some((d: { date: string }) => d.date === quiet)).toBe(false);
  await clickDay(start, quiet);
  await page
    .getByText(`No records found on ${formatDate(new Date(`${quiet}T12:00:00`))}`)
    .waitFor();
});

it('shows a record with both tabs, the time switch, the trend plot and a png export', async () => {
  const list = await admin.get(
    `/v2/institutes/${hospital}/records?is_reviewed=true&exclude=false&size=50&ordering=-date`,
  );
  const record = list.body.items.find(
    (r: { line: { name: string } | null }) => r.line?.name === 'Emergency to Central Lab',
  );
  await page.goto(`/record/${record.id}`);
  const acceleration = page.getByTestId('acceleration-chart');
  await acceleration.locator('canvas').waitFor({ timeout: 30_000 });
  await page.getByTestId('cumulative-chart').locator('canvas').waitFor();
  await page.getByTestId('trend-plot').locator('canvas').waitFor();
  await page.getByText('Emergency to Central Lab').first().waitFor();

  // A two-minute run opens on elapsed time; the choice of clock time is kept on this computer.
  const elapsed = page.getByRole('button', { name: 'Elapsed' });
  const clock = page.getByRole('button', { name: 'Clock time' });
  expect(await elapsed.getAttribute('aria-pressed')).toBe('true');
  await clock.click();
  expect(await clock.getAttribute('aria-pressed')).toBe('true');
  await page.waitForTimeout(800);
  await screenshot(page, 'record-detail');
  await page.reload();
  await acceleration.locator('canvas').waitFor();
  expect(await page.getByRole('button', { name: 'Clock time' }).getAttribute('aria-pressed')).toBe(
    'true',
  );

  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Raw Acceleration' })
    .getByRole('button', { name: 'Export PNG' })
    .click();
  expect((await download).suggestedFilename()).toBe(`record-${record.id}-acceleration.png`);

  await page.getByRole('tab', { name: 'Temperature' }).click();
  await page.getByTestId('temperature-chart').locator('canvas').waitFor();
  await page.waitForTimeout(800);
  await screenshot(page, 'record-temperature');
});

it('blurs the time details behind the offer where troubleshooting is off', async () => {
  // The courier organization has no flags of its own: troubleshooting is off by default.
  const courier = (await admin.get('/v2/institutes')).body.items.find(
    (i: { name: string }) => i.name === 'Lakeside Courier Services',
  );
  const { items } = (await admin.get(`/v2/institutes/${courier.id}/records?size=1`)).body;
  const organization = page.getByRole('combobox', { name: 'Organization' });
  await organization.click();
  await organization.fill('Lakeside');
  await page.getByRole('option', { name: 'Lakeside Courier Services' }).click();
  await waitForValue(organization, 'Lakeside Courier Services');
  await page.goto(`/record/${items[0].id}`);
  await page.getByTestId('troubleshooting-upsell').waitFor({ timeout: 30_000 });
  await page.getByText('See when it happened with Troubleshooting').waitFor();
  // The figures stay readable.
  await page.getByRole('definition').first().waitFor();
  await screenshot(page, 'record-troubleshooting-upsell');
});

it('lists the review queue of the full demo', async () => {
  await page.goto('/records/to-review');
  await page.getByRole('tab', { name: /To Review \(\d+\)/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('row').nth(3).waitFor();
  await page.getByRole('row').nth(2).getByRole('gridcell').nth(3).click();
  await page.getByRole('complementary', { name: 'Record review' }).waitFor();
  await screenshot(page, 'records-to-review');
});
