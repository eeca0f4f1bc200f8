import { loginAs, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { TransitRecord } from '../../../server/entities/record';

/**
 * New analyzer thresholds recompute every record's rejection (issue 44, point 10): the screen
 * says beforehand how many records, reviewed ones among them, the save will change, asks, and the
 * Audit Log keeps the counts.
 */
const e2e = setUpBrowserTests();
let hospital: number;

/** Runs whose rejection a higher LDH threshold lowers, one of them not reviewed yet. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  ({ hospital } = await instituteIds(db));
  const line = await insertLine(db, hospital, { name: 'Line Thresholds' });
  const ids = await insertProcessedRecords(db, hospital, line.id, [
    { auc: 300 },
    { auc: 500 },
    { auc: 700 },
  ]);
  await db.getRepository(TransitRecord).update(ids[0], { isReviewed: false });
});

const COUNTS =
  /Saving these thresholds changes the rejection of (\d+) records?, (\d+) of them reviewed\./;

it('says how many records and reviewed records new thresholds change, asks, and records it (issue 44, point 10)', async () => {
  const { page, server } = e2e;
  await loginAs(page, 'owner@example.org');
  await page.goto('/settings');
  const analyzer = page.getByRole('region', { name: 'Analyzer' });
  const edit = analyzer.getByRole('button', { name: 'Edit Analyzer' });
  // The first visit loads the screen's chunk: allow for a busy machine.
  await edit.waitFor({ timeout: 30_000 });
  await edit.click();
  await analyzer.getByLabel('LDH threshold (mg/dL)').fill('30');
  await analyzer.getByRole('button', { name: 'Save Changes' }).click();

  // Before anything is saved: how many records, how many reviewed, and a question.
  const dialog = page.getByRole('dialog', { name: 'Recompute rejection?' });
  await dialog.getByText(COUNTS).waitFor();
  const [, records, reviewed] = COUNTS.exec((await dialog.textContent()) ?? '')!;
  expect(Number(records)).toBeGreaterThanOrEqual(3);
  expect(Number(reviewed)).toBeGreaterThanOrEqual(2);
  expect(Number(reviewed)).toBeLessThan(Number(records));
  await dialog.getByRole('button', { name: 'Save and Recompute' }).click();
  await page.getByText('Changes saved').waitFor();
  await analyzer.getByText('30 mg/dL').waitFor();

  // The Audit Log keeps what the save changed, with the same counts.
  const owner = await server.login('owner@example.org');
  const log = await owner.get(
    `/v2/institutes/${hospital}/audit-events?action=rejections_recomputed`,
  );
  const entry = JSON.stringify(log.body);
  expect(entry).toContain(`"records":${records}`);
  expect(entry).toContain(`"reviewed_records":${reviewed}`);
});
