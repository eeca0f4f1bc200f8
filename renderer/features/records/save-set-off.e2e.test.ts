import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { insertMonitoredLine, insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { TransitRecord } from '../../../server/entities/record';

/**
 * What a review's save set off (issue 44, point 1): assigning a run to a watched line can open
 * monitoring events and notify people; the reviewer is told which, where, and the run shows it.
 */
const e2e = setUpBrowserTests();
let runId: number;

/**
 * Line Drift: baseline 90/100/110 (mean 100, SD 10), then 115, 115, 125 on the last three days.
 * An unassigned run of 160 an hour ago: on Line Drift it fires 1_3s, 2_2s, 4_1s and the EWMA.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Drift', validation: 'Drift baseline' },
    { baseline: [90, 100, 110], since: [115, 115, 125] },
  );
  [runId] = await insertProcessedRecords(db, hospital, line.id, [
    { auc: 160, date: new Date(Date.now() - 3600_000) },
  ]);
  await db
    .getRepository(TransitRecord)
    .update(runId, { lineId: null, isReviewed: false, vialLabel: 'VV-ALARM' });
});

const panel = () => e2e.page.getByRole('complementary', { name: 'Record review' });

it('says which events a review opened, who was told, and flags the run (issue 44, point 1)', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/records/to-review');
  const run = page.getByRole('row', { name: /VV-ALARM/ });
  // The first visit loads the grid's chunk: allow for a busy machine.
  await run.waitFor({ timeout: 30_000 });
  await run.click();
  await panel().getByText('Vial VV-ALARM ·').waitFor();
  await panel().getByRole('combobox', { name: 'Line' }).click();
  await page.getByRole('option', { name: 'Line Drift' }).click();
  await panel().getByRole('button', { name: 'Review', exact: true }).click();

  // The save's answer says what it set off, in words, and where to see it.
  const said = page.getByRole('alert').filter({ hasText: 'This save opened 4 monitoring events' });
  await said.waitFor();
  const text = await said.textContent();
  expect(text).toContain('on Line Drift');
  expect(text).toContain('1 above +3 SD');
  expect(text).toContain('4 of 4 above +1 SD');
  expect(text).toMatch(/Notified: .*Olivia Owner \(in app and e-mail\)/);
  await screenshot(page, 'review-save-set-off');
  await said.getByRole('button', { name: 'View Events' }).click();
  await page.waitForURL(/\/line\/\d+\/monitoring/);

  // The run itself shows the alarms it fired, each leading to its event.
  await page.goto(`/record/${runId}`);
  await page.getByRole('link', { name: 'Alarm 1_3s: 1 above +3 SD, open' }).waitFor();
  await page
    .getByRole('link', { name: 'Alarm ewma: EWMA above its control limit, open' })
    .waitFor();
});
