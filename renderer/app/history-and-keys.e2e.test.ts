import { loginAs, screenshot, setUpBrowserTests } from '../../testing/browser';
import { focused, pressUntil } from '../../testing/keyboard';
import { insertProcessedRecords, instituteIds } from '../../testing/lines';
import { insertLine } from '../../testing/rows';
import { TransitRecord } from '../../server/entities/record';

/**
 * Issue 44, points 4 and 7 (the rest): the Audit Log and History name what they are about, a
 * deleted user too, and say an analyzer's first save from the defaults it replaced; the records
 * list opens a record's review from a control of its row, by Enter or Space.
 */
const e2e = setUpBrowserTests();

let hospital: number;

/** Three runs on Line Keys waiting for review: VK-1 (newest) … VK-3. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  ({ hospital } = await instituteIds(db));
  const line = await insertLine(db, hospital, { name: 'Line Keys' });
  const queue = await insertProcessedRecords(
    db,
    hospital,
    line.id,
    [1, 2, 3].map((hours) => ({ auc: 100 + hours, date: new Date(Date.now() - hours * 3600_000) })),
  );
  const repo = db.getRepository(TransitRecord);
  for (const [i, id] of queue.entries())
    await repo.update(id, { isReviewed: false, vialLabel: `VK-${i + 1}` });
});

it('names a deleted user and their organization in the Audit Log and its History (issue 44, point 4)', async () => {
  const { page, server } = e2e;
  const owner = await server.login('owner@example.org');
  const invited = await owner.post(`/v2/institutes/${hospital}/users`, {
    email: 'gone@example.org',
    first_name: 'Gone',
    last_name: 'Soon',
    institutes: [hospital],
    default_institute: hospital,
  });
  expect(invited.status).toBe(201);
  const staff = await server.login('staff@example.org');
  expect((await staff.delete(`/v2/users/${invited.body.id}`)).status).toBe(204);

  await loginAs(page, 'owner@example.org');
  await page.goto(`/audit-log?object_type=user&object_id=${invited.body.id}`);
  const log = page.getByRole('grid', { name: 'Audit log' });
  const joined = log.getByRole('row').filter({
    hasText: 'Organizations: added Northfield General Hospital',
  });
  await joined.waitFor();
  // The user is gone: the log names them as the trail last did, and links their History.
  await joined.getByRole('link', { name: 'History of User gone@example.org' }).click();
  await page.getByRole('heading', { name: 'History of User gone@example.org' }).waitFor();
  await screenshot(page, 'history-deleted-user');
});

it("says an analyzer's first save as the change from the defaults it had (issue 44, point 4)", async () => {
  const { page, server } = e2e;
  const admin = await server.login('admin@example.org');
  const saved = await admin.patch(`/v2/institutes/${hospital}/analyzer`, {
    ldh_threshold: 12,
    asat_threshold: 40,
    potassium_threshold: 90,
  });
  expect(saved.status).toBe(200);
  await loginAs(page, 'owner@example.org');
  await page.goto('/settings');
  const analyzer = page.getByRole('region', { name: 'Analyzer' });
  await analyzer.getByRole('button', { name: 'History' }).click();
  const entry = analyzer.getByTestId('history-entry').filter({ hasText: 'LDH threshold: 15 → 12' });
  await entry.waitFor();
  // Only what changed from the defaults: the unchanged thresholds are not repeated.
  expect(await entry.textContent()).not.toContain('ASAT');
  expect(await entry.textContent()).toMatch(/^Updated by admin@example.org/);
});

it("lines up the Audit Log's filters on one row (issue 44, point 4)", async () => {
  const { page } = e2e;
  await loginAs(page, 'owner@example.org');
  await page.goto('/audit-log');
  const filters = page.getByRole('search', { name: 'Audit log filters' });
  await filters.getByLabel('Who (e-mail)').waitFor();
  const tops = await filters
    .locator('.MuiInputBase-root')
    .evaluateAll((fields) => fields.map((f) => Math.round(f.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(6);
  expect(new Set(tops).size).toBe(1);
});

it("opens a record's review from its row's own button, by Enter and by Space (issue 44, point 7)", async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/records/to-review');
  await page.getByRole('row', { name: /VK-1/ }).waitFor();
  await pressUntil(page, 'Tab', (f) => f.name === 'Select all rows');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const control = await focused(page);
  expect(control).toMatchObject({ role: 'button', name: expect.stringMatching(/^Review .*VK-1/) });
  await page.keyboard.press('Space');
  const panel = page.getByRole('complementary', { name: 'Record review' });
  await panel.getByText('Vial VK-1 ·').waitFor();
  // The panel's heading has the focus; back in the list, Enter opens the next row's review.
  expect((await focused(page)).within).toContain('Record review');
  await pressUntil(page, 'Shift+Tab', (f) => /^Review .*VK-1/.test(f.name));
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).name).toMatch(/^Review .*VK-2/);
  await page.keyboard.press('Enter');
  await panel.getByText('Vial VK-2 ·').waitFor();
});
