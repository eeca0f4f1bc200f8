import type { Page } from 'playwright-core';
import { loginAs, screenshot, setUpBrowserTests } from '../../testing/browser';
import { focused } from '../../testing/keyboard';
import {
  daysAgo,
  insertMonitoredLine,
  insertProcessedRecords,
  instituteIds,
} from '../../testing/lines';
import { insertLine } from '../../testing/rows';
import { formatDateTime } from '../lib/format';

/**
 * Issue 44, points 3 and 9: a monitoring chart's firings said in words, each with why it did or
 * did not open an event; an event reached from a notification scrolled to, highlighted and
 * focused, dated by the run that fired it, and acknowledged with a note.
 */
const e2e = setUpBrowserTests();

let lineId: number;
/** When the run that opened the EWMA's event was dated: days before processing opened it. */
let ewmaRunDate: Date;

/**
 * A line judged against a baseline of mean 100 and SD 10. Its first run (140, z = 4) was written
 * straight into the database, so no event was opened for it; the next three were assigned to the
 * line one by one, as a reviewer would, and processing opened the events: the EWMA's at the
 * third run (125), 2_2s at the fourth (125.5), where the EWMA's firing is counted on its open event.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Firing', validation: 'Firing baseline' },
    { baseline: [90, 100, 110], since: [] },
  );
  lineId = line.id;
  await insertProcessedRecords(db, hospital, line.id, [{ auc: 140, date: daysAgo(5) }]);
  const parking = await insertLine(db, hospital, { name: 'Parking' });
  const dates = [daysAgo(4), daysAgo(3), daysAgo(2)];
  ewmaRunDate = dates[1];
  const runs = await insertProcessedRecords(
    db,
    hospital,
    parking.id,
    [100, 125, 125.5].map((auc, k) => ({ auc, date: dates[k] })),
  );
  const member = await e2e.server.login('member@example.org');
  for (const id of runs) {
    expect((await member.patch(`/v2/records/${id}`, { line: line.id })).status).toBe(200);
  }
});

const firingRows = (page: Page) =>
  page.getByRole('table', { name: 'Firings on this page' }).getByRole('row');

it('names every rule in words and says why each firing did or did not open an event (issue 44, point 3)', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${lineId}/monitoring`);

  // Firings against events, counted where the chart is.
  await page.getByText('9 firings · 2 events').waitFor();
  await page.getByText('5 alarms and 4 warnings since the baseline').waitFor();
  // Each rule that fired, by its code and in words.
  await page.getByText('1_2s — 1 value beyond 2 SD (warning): 3').waitFor();
  await page.getByText('2_2s — 2 values in a row beyond the same 2 SD (alarm): 1').waitFor();
  await page.getByText('ewma — EWMA beyond its control limit (alarm): 3').waitFor();

  // Each firing of the page with what came of it.
  await firingRows(page).nth(9).waitFor();
  const outcome = async (rule: string, k = 0) =>
    (await firingRows(page).filter({ hasText: rule }).nth(k).textContent()) ?? '';
  expect(await outcome('1_2s')).toContain('A warning: it shows on the chart and opens no event.');
  expect(await outcome('1_3s')).toContain('No event: events open only when a run enters');
  expect(await outcome('2_2s')).toContain('Opened this event');
  expect(await outcome('ewma', 0)).toContain('No event: events open only when a run enters');
  expect(await outcome('ewma', 1)).toContain('Opened this event');
  expect(await outcome('ewma', 2)).toContain(
    'Counted on the event already open for this rule (one at a time until it is closed)',
  );
  await screenshot(page, 'monitoring-firings');
});

it('takes a notification to its event, dates it by its run, and acknowledges it with a note (issue 44, point 9)', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: /Alarm on Line Firing: EWMA above its control limit/ })
    .click();
  await page.waitForURL(/\/line\/\d+\/monitoring\?event=\d+$/);
  const eventId = Number(new URL(page.url()).searchParams.get('event'));

  // The event's row is scrolled to, highlighted and holds the focus.
  const row = page.getByTestId(`event-${eventId}`);
  await page.waitForFunction(
    (id) => document.activeElement?.getAttribute('data-testid') === `event-${id}`,
    eventId,
  );
  expect(await row.getAttribute('aria-current')).toBe('true');
  const inView = await row.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  expect(inView).toBe(true);

  // When the drift happened (the run's date), apart from when processing opened the event.
  await page.getByRole('columnheader', { name: 'Run dated' }).waitFor();
  await page.getByRole('columnheader', { name: 'Event opened' }).waitFor();
  expect(await row.textContent()).toContain(formatDateTime(ewmaRunDate));

  // Acknowledge asks for a note, keeps it with the event and shows it.
  await row.getByRole('button', { name: /^Acknowledge ewma/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge event' });
  const note = dialog.getByRole('textbox', { name: 'Note (optional)' });
  await note.waitFor();
  expect((await focused(page)).name).toBe('Note (optional)');
  await note.fill('Blower checked: pressure normal');
  await dialog.getByRole('button', { name: 'Acknowledge event' }).click();
  await row.getByText('Blower checked: pressure normal').waitFor();
  await page.waitForFunction(() =>
    (document.activeElement?.getAttribute('aria-label') ?? '').startsWith('Close ewma'),
  );
  await screenshot(page, 'event-acknowledged-with-note');

  // And in the event's History.
  await row.getByRole('link', { name: /^History of ewma/ }).click();
  await page.waitForURL(new RegExp(`/history/event/${eventId}\\?institute=\\d+$`));
  await page.getByText('Blower checked: pressure normal').first().waitFor();
});
