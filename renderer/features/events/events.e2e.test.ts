import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { insertMonitoredLine, instituteIds, openEventsAt } from '../../../testing/lines';

const e2e = setUpBrowserTests();
let lineId: number;

/**
 * A line whose third record since its baseline fired 2_2s and the EWMA: two open events, as
 * processing it would have opened them; and an older event of the line, closed with its
 * resolution.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Watched', validation: 'Watched baseline' },
    { baseline: [90, 100, 110], since: [100, 125, 125, 95] },
  );
  lineId = line.id;
  await openEventsAt(db, line.id, 125, ['2_2s', 'ewma']);
  await db.query(
    `INSERT INTO monitoring_events (line_id, rule, side, status, opened_at, closed_at, resolution)
     VALUES ($1, '1_3s', 'above', 'closed', now() - interval '3 days', now() - interval '2 days',
             'Blower serviced.')`,
    [line.id],
  );
});

const rowsOf = (page: typeof e2e.page) =>
  page.getByRole('grid', { name: 'Events' }).getByRole('row').filter({ hasText: 'Line Watched' });

it('shows open events on the dashboard and the lines table, and works them on /events', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');

  // The dashboard's panel: the count and the newest first, each a link to the line's chart.
  const panel = page.getByRole('region', { name: 'Open Events' });
  await panel.getByRole('heading', { name: 'Open Events (2)' }).waitFor();
  const links = panel.getByRole('list', { name: 'Newest open events' }).getByRole('link');
  expect(await links.allTextContents()).toEqual([
    'Line Watched: 2_2s: 2 of 2 above +2 SD',
    'Line Watched: ewma: EWMA above its control limit',
  ]);
  // Each to its event on the line's Monitoring view (issue 44).
  expect(await links.first().getAttribute('href')).toMatch(
    new RegExp(`^/line/${lineId}/monitoring\\?event=\\d+$`),
  );

  // The lines table: a badge on the line with open events, to its Monitoring view.
  await page.goto('/lines');
  const badge = page.getByRole('link', { name: '2 open events' });
  await badge.waitFor();
  expect(await badge.getAttribute('href')).toBe(`/line/${lineId}/monitoring`);

  // /events from the panel's link: the open ones; the filters live in the address.
  await page.goto('/dashboard');
  await panel.getByRole('link', { name: 'All Events' }).click();
  await page.waitForURL(/\/events\?status=open$/);
  await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
  await rowsOf(page).nth(1).waitFor();
  expect(await rowsOf(page).count()).toBe(2);
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: '2_2s' }).click();
  await page.waitForURL(/rule=2_2s/);
  await rowsOf(page).filter({ hasText: 'EWMA' }).waitFor({ state: 'detached' });
  expect(await rowsOf(page).count()).toBe(1);
  await screenshot(page, 'events-page');

  // Acknowledged, it is no longer open: it leaves this list, the badge and the panel.
  await rowsOf(page).getByRole('button', { name: 'Acknowledge' }).click();
  await page
    .getByRole('dialog', { name: 'Acknowledge event' })
    .getByRole('button', { name: 'Acknowledge event' })
    .click();
  await page.getByText('No events match these filters').waitFor();
  await page.goto('/lines');
  await page.getByRole('link', { name: '1 open event' }).waitFor();
  await page.goto('/dashboard');
  await panel.getByRole('heading', { name: 'Open Events (1)' }).waitFor();

  // The address alone reproduces a view: every status of this line, with the closed one.
  await page.goto(`/events?line=${lineId}&status=closed`);
  await rowsOf(page).filter({ hasText: 'Blower serviced.' }).waitFor();
  expect(await rowsOf(page).count()).toBe(1);
});

it('lets a guest read the events, without a button to act on them', async () => {
  const { page } = e2e;
  await loginAs(page, 'guest@example.org');
  await page.goto(`/events?line=${lineId}`);
  await rowsOf(page).nth(2).waitFor();
  expect(await page.getByRole('button', { name: /^(Acknowledge|Close)\b/ }).count()).toBe(0);
});
