import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { expected } from '../../../shared/vial/testing/fixtures';
import { insertLine, insertValidation } from '../../../testing/rows';
import { TransitRecord } from '../../../server/entities/record';
import { reviewNeedsLine } from '../../../shared/domain/record-line-rules';

const e2e = setUpBrowserTests();
let bravoId: number;

const DAY_MS = 86_400_000;

/**
 * Two lines of the hospital: Alpha without a validated range, Bravo with a completed baseline
 * validation of four records around 100 g·s; then four records waiting for review (VV-Q1…Q4,
 * the last far out of Bravo's range) and two reviewed ones on Alpha.
 */
async function seed() {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const alpha = await insertLine(db, hospital, { name: 'Line Alpha' });
  const bravo = await insertLine(db, hospital, { name: 'Line Bravo' });
  bravoId = bravo.id;
  const validation = await insertValidation(db, hospital, {
    name: 'Bravo baseline',
    status: 'completed',
    baseline: true,
    startDate: new Date(Date.now() - 40 * DAY_MS).toISOString().slice(0, 10),
    completedAt: new Date(Date.now() - 30 * DAY_MS),
    lines: [bravo],
  });
  await insertProcessedRecords(
    db,
    hospital,
    bravo.id,
    [100, 110, 95, 105].map((auc) => ({
      auc,
      validationId: validation.id,
      date: new Date(Date.now() - 39 * DAY_MS),
    })),
  );
  await insertProcessedRecords(db, hospital, alpha.id, [{ auc: 80 }, { auc: 90 }]);
  const queue = await insertProcessedRecords(db, hospital, alpha.id, [
    { auc: 120, date: new Date(Date.now() - 1 * 3600_000) },
    { auc: 130, date: new Date(Date.now() - 2 * 3600_000) },
    { auc: 140, date: new Date(Date.now() - 3 * 3600_000) },
    { auc: 5000, date: new Date(Date.now() - 4 * 3600_000) },
  ]);
  const repo = db.getRepository(TransitRecord);
  for (const [i, id] of queue.entries()) {
    await repo.update(id, { lineId: null, isReviewed: false, vialLabel: `VV-Q${i + 1}` });
  }
}

beforeAll(async () => {
  await seed();
});

const tab = (name: RegExp) => e2e.page.getByRole('tab', { name });
const row = (vial: string) => e2e.page.getByRole('row', { name: new RegExp(vial) });
const panel = () => e2e.page.getByRole('complementary', { name: 'Record review' });

async function openQueue(vial: string) {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/records/to-review');
  // The first visit loads the grid's chunk: allow for a busy machine.
  await row(vial).waitFor({ timeout: 30_000 });
}

async function chooseLine(name: string) {
  await panel().getByRole('combobox', { name: 'Line' }).click();
  await e2e.page.getByRole('option', { name }).click();
}

it('reviews a record inline: line, exclude, Review; it moves to Reviewed and the counts follow', async () => {
  await openQueue('VV-Q1');
  await tab(/To Review \(4\)/).waitFor();
  await tab(/Reviewed \(6\)/).waitFor();
  await row('VV-Q1').getByRole('gridcell').nth(3).click();
  await panel().waitFor();
  await chooseLine('Line Alpha');
  // The line has no validation in progress: the select says so.
  await panel().getByText('There are no validations in progress for the selected line.').waitFor();
  await panel().getByLabel('Exclude').check();
  await screenshot(e2e.page, 'records-review-form');
  await panel().getByRole('button', { name: 'Review', exact: true }).click();
  await e2e.page.getByText('Changes saved').waitFor();
  await tab(/To Review \(3\)/).waitFor();
  // Excluded, so not in the Reviewed list as it opens, nor in its count.
  await tab(/Reviewed \(6\)/).waitFor();
  await row('VV-Q1').waitFor({ state: 'detached' });

  // The Reviewed list shows it once the exclude toggle is on; its count follows.
  await tab(/Reviewed/).click();
  await e2e.page.waitForURL(/\/records$/);
  await e2e.page.getByRole('button', { name: 'Show Filters' }).click();
  // The toggle follows the address, which router updates in a transition: click, then wait.
  await e2e.page.getByLabel('Excluded').click();
  await e2e.page.waitForURL(/exclude=true/);
  await row('VV-Q1').waitFor();
  await tab(/Reviewed \(1\)/).waitFor();
  expect(await row('VV-Q1').textContent()).toContain('Line Alpha');
  await screenshot(e2e.page, 'records-reviewed-excluded');

  // The address reproduces the view.
  await e2e.page.reload();
  await row('VV-Q1').waitFor();
});

it('adds a comment with Shift+Enter, then edits and deletes it as its author', async () => {
  await openQueue('VV-Q2');
  await row('VV-Q2').getByRole('gridcell').nth(3).click();
  const box = panel().getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Canister lid was loose');
  await box.press('Shift+Enter');
  await e2e.page.getByText('Comment saved').waitFor();
  const comment = panel().getByRole('listitem').filter({ hasText: 'Canister lid was loose' });
  await comment.getByText('Maria Member').waitFor();
  expect(await box.inputValue()).toBe('');

  await comment.getByRole('button', { name: 'Edit comment' }).click();
  const edit = panel().getByRole('textbox', { name: 'Edit comment' });
  await edit.fill('Canister lid was loose, replaced');
  await edit.press('Shift+Enter');
  await panel().getByText('Canister lid was loose, replaced').waitFor();
  await panel().getByText('(edited)').waitFor();
  await panel().getByRole('button', { name: 'Delete comment' }).click();
  await e2e.page.getByText('Comment deleted').waitFor();
  await panel().getByText('No comments yet.').waitFor();
});

it('will not mark a record reviewed without a line: the form says why and lets the user choose one', async () => {
  await openQueue('VV-Q2');
  const queued = await tab(/To Review \(\d+\)/).textContent();
  await row('VV-Q2').getByRole('gridcell').nth(3).click();
  await panel().getByRole('button', { name: 'Review', exact: true }).click();
  const reason = panel().getByText(reviewNeedsLine('line'));
  await reason.waitFor();
  await screenshot(e2e.page, 'records-review-needs-line');
  expect(await e2e.page.getByText('Changes saved').count()).toBe(0);
  expect(await tab(/To Review \(\d+\)/).textContent()).toBe(queued);
  await row('VV-Q2').waitFor();
  // Choosing a line takes the reason away.
  await chooseLine('Line Alpha');
  await reason.waitFor({ state: 'detached' });
});

it('excludes checked records in bulk with the toast in the spec words', async () => {
  await openQueue('VV-Q2');
  await row('VV-Q2').getByRole('checkbox').check();
  await row('VV-Q3').getByRole('checkbox').check();
  const bulk = e2e.page.getByRole('region', { name: 'Bulk actions' });
  await bulk.getByText('2 selected').waitFor();
  await screenshot(e2e.page, 'records-bulk-actions');
  await bulk.getByRole('button', { name: 'Exclude' }).click();
  await e2e.page.getByText('2 Records have been excluded').waitFor();
  // Excluded records leave the list shown with the exclude toggle off.
  await row('VV-Q2').waitFor({ state: 'detached' });
  await row('VV-Q3').waitFor({ state: 'detached' });
});

it('warns persistently when a reviewed record lands out of its line range, with the way to the line', async () => {
  await openQueue('VV-Q4');
  await row('VV-Q4').getByRole('gridcell').nth(3).click();
  await chooseLine('Line Bravo');
  await panel().getByRole('button', { name: 'Review', exact: true }).click();
  const warning = e2e.page.getByText('1 Record assigned to a line is out of range');
  await warning.waitFor();
  await screenshot(e2e.page, 'records-out-of-range');
  // Persistent: still there after the 3 s other toasts take to go.
  await e2e.page.waitForTimeout(3500);
  expect(await warning.isVisible()).toBe(true);
  await e2e.page.getByRole('button', { name: 'View Line Details' }).click();
  await e2e.page.waitForURL(new RegExp(`/line/${bravoId}$`));
});

it('shows guests the list without the review form, bulk boxes or comment box', async () => {
  await loginAs(e2e.page, 'guest@example.org');
  await e2e.page.goto('/records');
  await row('Line Alpha').first().waitFor();
  expect(await e2e.page.getByRole('checkbox').count()).toBe(0);
  await row('Line Alpha').first().getByRole('gridcell').nth(2).click();
  await e2e.page.waitForURL(/\/record\/\d+$/);
  await e2e.page.getByRole('heading', { name: 'Transit Record' }).waitFor();
  await e2e.page.getByRole('heading', { name: 'Comments' }).waitFor();
  expect(await e2e.page.getByRole('form', { name: 'Review record' }).count()).toBe(0);
  expect(await e2e.page.getByRole('textbox', { name: 'Add a comment' }).count()).toBe(0);
  await screenshot(e2e.page, 'record-detail-guest');
});

it('shows the server’s reason in place of the chart when a record’s run file is missing', async () => {
  // The seeded records point at run files that were never stored, as after a lost blob store.
  const [{ id }] = await e2e.server.ctx.db.query('SELECT id FROM records ORDER BY id LIMIT 1');
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto(`/record/${id}`);
  const chart = e2e.page.getByRole('region', { name: 'Raw Acceleration' });
  await chart
    .getByText('The run file of this record is missing from storage', { exact: false })
    .waitFor({ timeout: 30_000 });
  await screenshot(e2e.page, 'record-missing-run-file');
});

it('draws a record’s stored charts and, on a second visit, revalidates them with their ETag', async () => {
  const [staff, member] = await Promise.all(
    ['staff', 'member'].map((u) => e2e.server.login(`${u}@example.org`)),
  );
  const { hospital } = await instituteIds(e2e.server.ctx.db);
  await registerFixtureVials(staff, hospital);
  const want = expected.records['pts-typical'];
  const { id } = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body;
  await waitProcessed(member, id);

  // What the browser sent, and the ETag of what it drew (a 304 shows as the cached 200).
  const seriesCalls: Promise<[string | null, string | undefined]>[] = [];
  e2e.page.on('response', (response) => {
    if (!response.url().includes(`/v2/records/${id}/data?type=acceleration`)) return;
    seriesCalls.push(
      (async () => [
        await response.request().headerValue('if-none-match'),
        (await response.allHeaders()).etag,
      ])(),
    );
  });
  await loginAs(e2e.page, 'member@example.org');
  const visit = async () => {
    await e2e.page.goto(`/record/${id}`);
    await e2e.page
      .getByRole('region', { name: 'Raw Acceleration' })
      .locator('canvas')
      .first()
      .waitFor({ timeout: 30_000 });
  };
  await visit();
  await e2e.page.waitForLoadState('networkidle');
  await visit();
  await e2e.page.waitForLoadState('networkidle');
  const [first, second] = await Promise.all(seriesCalls);
  expect(first[0]).toBeNull();
  expect(first[1]).toMatch(/^"[^"]+"$/);
  // The server answers an If-None-Match naming the ETag with 304 (server/routes/records/series.test.ts).
  expect(second).toEqual([first[1], first[1]]);
});
