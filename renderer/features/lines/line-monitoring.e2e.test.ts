import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { openChartSvg, overlappingAxisLabels, svgBoxes } from '../../../testing/chart-svg';
import { insertLine } from '../../../testing/rows';
import { insertMonitoredLine, instituteIds, openEventsAt } from '../../../testing/lines';

const e2e = setUpBrowserTests();
let monitored: number, unmonitored: number, eventId: number, offStep: number;

/**
 * A line whose baseline gives a mean of 100 g·s and an SD of 10, and records since at z 0, 2.5,
 * 2.5, −0.5, 0, 0.4: 1_2s fires twice, 2_2s once and the EWMA once (0.9 above its 0.859 at the
 * third). Another line has no validation at all.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Westgard', validation: 'Westgard baseline' },
    { baseline: [90, 100, 110], since: [100, 125, 125, 95, 100, 104] },
  );
  monitored = line.id;
  // The alarms of the third record, as processing it would have opened them.
  [eventId] = await openEventsAt(db, line.id, 125, ['2_2s', 'ewma']);
  unmonitored = (await insertLine(db, hospital, { name: 'Line Unwatched' })).id;
  // A mean of 81 and an SD of about 2.6: the highest record, 96 g·s, just above a step of 5.
  offStep = (
    await insertMonitoredLine(
      db,
      hospital,
      { line: 'Line Off Step', validation: 'Off-step baseline' },
      { baseline: [80, 84, 78, 82], since: [79, 83, 96, 80, 84] },
    )
  ).line.id;
});

it('marks where the control rules fire, by rule, and counts them since the baseline', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${monitored}/monitoring`);
  const section = page.getByRole('region', { name: 'Control rules since the baseline' });
  await section.locator('canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000); // the entry animation, for the picture only
  await screenshot(page, 'line-monitoring-rules');

  await page.getByText('6 records since the baseline').waitFor();
  expect(await page.getByRole('link', { name: 'Westgard baseline' }).getAttribute('href')).toMatch(
    /^\/validation\/\d+$/,
  );
  const counts = await page.getByTestId(/^rule-count-/).allTextContents();
  expect(counts).toEqual([
    '1_2s — 1 value beyond 2 SD (warning): 2',
    '2_2s — 2 values in a row beyond the same 2 SD (alarm): 1',
    'ewma — EWMA beyond its control limit (alarm): 1',
  ]);
  expect(await page.getByRole('button', { name: 'Earlier records' }).isDisabled()).toBe(true);

  // The chart as its SVG export draws it: a legend entry for each rule that fires.
  await openChartSvg(page, section);
  const texts = (await svgBoxes(page, 'svg text')).map((b) => b.text);
  expect(texts).toEqual(expect.arrayContaining(['Records', '1_2s', '2_2s', 'ewma', 'EWMA']));
  expect(texts).not.toContain('4_1s');
});

it('lets a member acknowledge and close an event with a resolution; a guest only reads', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${monitored}/monitoring`);
  const row = page.getByTestId(`event-${eventId}`);
  await row.getByText('2_2s: 2 of 2 above +2 SD').waitFor();
  await row.getByRole('button', { name: 'Acknowledge' }).click();
  // The note is optional: acknowledged without one.
  await page
    .getByRole('dialog', { name: 'Acknowledge event' })
    .getByRole('button', { name: 'Acknowledge event' })
    .click();
  await row.getByText('Acknowledged').waitFor();
  await row.getByRole('button', { name: 'Close' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close event' });
  await dialog.getByRole('button', { name: 'Close event' }).click();
  await dialog.getByText('A resolution is required: what was found and done.').waitFor();
  await dialog.getByLabel('Resolution').fill('Diverter re-seated after maintenance.');
  await dialog.getByRole('button', { name: 'Close event' }).click();
  await row.getByText('Diverter re-seated after maintenance.').waitFor();
  expect(await row.getByText('Closed', { exact: true }).count()).toBe(1);
  expect(await row.getByRole('button').count()).toBe(0);
  await screenshot(page, 'line-monitoring-event-closed');
});

it('says why a line is not monitored', async () => {
  const { page } = e2e;
  await loginAs(page, 'guest@example.org');
  await page.goto(`/line/${unmonitored}/monitoring`);
  const reason = page.getByTestId('not-monitored');
  await reason.waitFor();
  expect(await reason.textContent()).toBe(
    'Not monitored. This line has no completed validation to monitor against.',
  );
  await page.goto(`/line/${monitored}/monitoring`);
  const events = page.getByRole('region', { name: 'Events' });
  await events.getByText('ewma: EWMA above its control limit').waitFor();
  expect(await events.getByText('Open', { exact: true }).count()).toBe(1);
  expect(await events.getByRole('button').count()).toBe(0);
});

it('numbers the value axis on its steps, none over another, whatever the highest record', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${offStep}/monitoring`);
  const section = page.getByRole('region', { name: 'Control rules since the baseline' });
  await section.locator('canvas').first().waitFor({ timeout: 30_000 });
  await openChartSvg(page, section);
  const { labels, overlaps } = overlappingAxisLabels(await svgBoxes(page, 'svg text'));
  expect(labels.length).toBeGreaterThan(3);
  expect(overlaps).toEqual([]);
});
