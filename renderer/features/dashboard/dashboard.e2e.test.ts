import { loginAs, screenshot, setUpBrowserTests, waitForValue } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';
import { addDays } from '../../../shared/domain/time-zone';
import { formatDate } from '../../lib/format';
import { zonedDayStart } from '../../lib/time-zone';
import { cellCenter, rangeStart } from './components/activity-calendar-layout';
import { ACTIVITY_DAYS } from './api/get-record-activity';

// The full demo: six months of records on lines, labels and validations.
const e2e = setUpBrowserTests({ demo: 'full' });
let admin: ApiClient;
let hospital: number;

beforeAll(async () => {
  admin = await e2e.server.login('admin@example.org');
  hospital = (await admin.get('/v2/auth/account')).body.default_institute;
});
beforeEach(async () => {
  await loginAs(e2e.page, 'admin@example.org');
});

const section = (name: string) => e2e.page.getByRole('region', { name, exact: true });

const heatMap = () => e2e.page.getByTestId('activity-heat-map');

/**
 * Clicks a day's cell of the heat map where the calendar draws it, relative to the chart at the
 * moment of the click (Playwright scrolls it into view and waits until it stands still).
 */
async function clickDay(start: string, day: string) {
  await heatMap().locator('rect').first().waitFor();
  await heatMap().click({ position: cellCenter(start, day) });
}

/** Holds the dashboard's review-queue request until `release` is called. */
async function holdReviewQueue(): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await e2e.page.route(
    (url) =>
      url.pathname.endsWith('/records') &&
      url.searchParams.get('is_reviewed') === 'false' &&
      url.searchParams.get('size') === '5',
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

it('shows the validation, review and further panels, and a heat-map day opens its records', async () => {
  await section('Latest Validation').waitFor({ timeout: 30_000 });
  await section('Records to Review').getByText('To review', { exact: true }).waitFor();
  await section('Latest Records').getByRole('table').waitFor();
  await section('Latest Validation').getByRole('link', { name: 'View Validation' }).waitFor();
  await heatMap().locator('rect').first().waitFor();
  await screenshot(e2e.page, 'dashboard');

  // A day with records, old enough to be reviewed, from the same endpoint the chart draws.
  const activity = await admin.get(`/v2/institutes/${hospital}/records/activity`);
  const { timezone, days, today } = activity.body;
  const start = rangeStart(today, ACTIVITY_DAYS);
  const busy = days.find((d: { date: string }) => d.date < addDays(today, -20));
  await clickDay(start, busy.date);
  await e2e.page.waitForURL(/\/records\?/);
  const params = new URL(e2e.page.url()).searchParams;
  expect(params.get('date__gte')).toBe(zonedDayStart(busy.date, timezone));
  expect(params.get('date__lt')).toBe(zonedDayStart(addDays(busy.date, 1), timezone));
  expect(params.get('exclude')).toBe('false');
  expect(params.get('hidden')).toBe('false');
  const dayText = formatDate(new Date(`${busy.date}T12:00:00`));
  const rows = e2e.page.getByRole('row').filter({ hasText: dayText });
  await rows.first().waitFor();
  // Arriving with filters opens the panel; the dates read as the day in both fields.
  await e2e.page.getByRole('button', { name: 'Hide Filters' }).waitFor();
  expect(await e2e.page.getByLabel('From Date').inputValue()).toBe(busy.date);
  expect(await e2e.page.getByLabel('To Date').inputValue()).toBe(busy.date);
  await screenshot(e2e.page, 'records-from-heat-map');

  // A day without records says so.
  await e2e.page.goto('/dashboard');
  const quiet = addDays(today, -300);
  expect(days.some((d: { date: string }) => d.date === quiet)).toBe(false);
  await clickDay(start, quiet);
  await e2e.page
    .getByText(`No records found on ${formatDate(new Date(`${quiet}T12:00:00`))}`)
    .waitFor();

  // The keyboard reaches every day: Home is the first, a year ago (before the demo's records);
  // the chosen day shows its count, and Enter opens it as a click does.
  const first = formatDate(new Date(`${start}T12:00:00`));
  await heatMap().focus();
  await e2e.page.keyboard.press('Home');
  const shown = e2e.page.locator('#activity-heat-map-day', { hasText: first });
  await shown.waitFor();
  expect(await shown.textContent()).toBe(`${first}0 records`);
  await e2e.page.keyboard.press('Enter');
  await e2e.page.getByText(`No records found on ${first}`).waitFor();
});

it('keeps the heat map where it is while the review queue above it loads', async () => {
  // On a busy server the queue can arrive after the heat map is drawn; a click aimed at a day
  // then landed above the calendar once the panel grew.
  const release = await holdReviewQueue();
  await e2e.page.goto('/dashboard');
  await heatMap().locator('rect').first().waitFor({ timeout: 30_000 });
  const before = await heatMap().boundingBox();
  release();
  await section('Records to Review').getByRole('listitem').first().waitFor();
  expect(await heatMap().boundingBox()).toEqual(before);
  await e2e.page.unrouteAll();
});

it('shows a record with both tabs, the time switch, the trend plot and a png export', async () => {
  const list = await admin.get(
    `/v2/institutes/${hospital}/records?is_reviewed=true&exclude=false&size=50&ordering=-date`,
  );
  const record = list.body.items.find(
    (r: { line: { name: string } | null }) => r.line?.name === 'Emergency to Central Lab',
  );
  await e2e.page.goto(`/record/${record.id}`);
  const acceleration = e2e.page.getByTestId('acceleration-chart');
  await acceleration.locator('canvas').waitFor({ timeout: 30_000 });
  await e2e.page.getByTestId('cumulative-chart').locator('canvas').waitFor();
  await e2e.page.getByTestId('trend-plot').locator('canvas').waitFor();
  await e2e.page.getByText('Emergency to Central Lab').first().waitFor();

  // A two-minute run opens on elapsed time; the choice of clock time is kept on this computer.
  const elapsed = e2e.page.getByRole('button', { name: 'Elapsed' });
  const clock = e2e.page.getByRole('button', { name: 'Clock time' });
  expect(await elapsed.getAttribute('aria-pressed')).toBe('true');
  await clock.click();
  expect(await clock.getAttribute('aria-pressed')).toBe('true');
  await e2e.page.waitForTimeout(800);
  await screenshot(e2e.page, 'record-detail');
  await e2e.page.reload();
  await acceleration.locator('canvas').waitFor();
  expect(
    await e2e.page.getByRole('button', { name: 'Clock time' }).getAttribute('aria-pressed'),
  ).toBe('true');

  const download = e2e.page.waitForEvent('download');
  await e2e.page
    .getByRole('region', { name: 'Raw Acceleration' })
    .getByRole('button', { name: 'Export PNG' })
    .click();
  expect((await download).suggestedFilename()).toBe(`record-${record.id}-acceleration.png`);

  await e2e.page.getByRole('tab', { name: 'Temperature' }).click();
  await e2e.page.getByTestId('temperature-chart').locator('canvas').waitFor();
  await e2e.page.waitForTimeout(800);
  await screenshot(e2e.page, 'record-temperature');
});

it('blurs the time details behind the offer where troubleshooting is off', async () => {
  // The courier organization has no flags of its own: troubleshooting is off by default.
  const courier = (await admin.get('/v2/institutes')).body.items.find(
    (i: { name: string }) => i.name === 'Lakeside Courier Services',
  );
  const { items } = (await admin.get(`/v2/institutes/${courier.id}/records?size=1`)).body;
  const organization = e2e.page.getByRole('combobox', { name: 'Organization' });
  await organization.click();
  await organization.fill('Lakeside');
  await e2e.page.getByRole('option', { name: 'Lakeside Courier Services' }).click();
  await waitForValue(organization, 'Lakeside Courier Services');
  await e2e.page.goto(`/record/${items[0].id}`);
  await e2e.page.getByTestId('troubleshooting-upsell').waitFor({ timeout: 30_000 });
  await e2e.page.getByText('See when it happened with Troubleshooting').waitFor();
  // The figures stay readable.
  await e2e.page.getByRole('definition').first().waitFor();
  await screenshot(e2e.page, 'record-troubleshooting-upsell');
});

it('lists the review queue of the full demo', async () => {
  await e2e.page.goto('/records/to-review');
  await e2e.page.getByRole('tab', { name: /To Review \(\d+\)/ }).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('row').nth(3).waitFor();
  await e2e.page.getByRole('row').nth(2).getByRole('gridcell').nth(3).click();
  await e2e.page.getByRole('complementary', { name: 'Record review' }).waitFor();
  await screenshot(e2e.page, 'records-to-review');
});
