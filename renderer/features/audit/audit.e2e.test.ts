import { axeFindings, prepareAxe } from '../../../testing/axe';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';

/**
 * The audit trail's screens (issue 22): the Audit Log of owners, admins and staff, and the
 * History panel of an object's page, which says who changed what and when.
 */
const e2e = setUpBrowserTests();
let recordId: number;

beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const line = await insertLine(db, hospital, { name: 'Line Audited' });
  [recordId] = await insertProcessedRecords(db, hospital, line.id, [{ auc: 100 }]);
  // An analyzer saved once: lowering a threshold is then a change of it, before → after.
  const admin = await e2e.server.login('admin@example.org');
  await admin.patch(`/v2/institutes/${hospital}/analyzer`, {
    ldh_threshold: 20,
    asat_threshold: 40,
    potassium_threshold: 90,
  });
});

const DATE_TIME = /\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/;

it("shows an owner's lowered threshold in the Audit Log and in the analyzer's History", async () => {
  const { page } = e2e;
  await prepareAxe(page);
  await loginAs(page, 'owner@example.org');
  await page.goto('/settings');
  const analyzer = page.getByRole('region', { name: 'Analyzer' });
  await analyzer.getByRole('button', { name: 'Edit Analyzer' }).click();
  const ldh = analyzer.getByLabel('LDH threshold (mg/dL)');
  const before = await ldh.inputValue();
  const after = String(Number(before) - 3);
  await ldh.fill(after);
  await analyzer.getByRole('button', { name: 'Save Changes' }).click();
  // Other thresholds recompute records' rejection: asked first (issue 44, point 10).
  await page
    .getByRole('dialog', { name: 'Recompute rejection?' })
    .getByRole('button', { name: 'Save and Recompute' })
    .click();
  await page.getByText('Changes saved').waitFor();

  // The Audit Log, from the settings menu: who, what, before → after, in words.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await page.waitForURL('**/audit-log');
  await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
  const change = `LDH threshold: ${before} → ${after}`;
  const row = page.getByRole('grid', { name: 'Audit log' }).getByRole('row').filter({
    hasText: change,
  });
  await row.waitFor({ timeout: 30_000 });
  expect(await row.textContent()).toContain('owner@example.org');
  expect(await row.textContent()).toMatch(DATE_TIME);
  await row.getByRole('link', { name: 'Analyzer' }).waitFor();

  // The filters live in the address: the object type narrows the log to the analyzer.
  await page.getByRole('combobox', { name: 'Object' }).click();
  await page.getByRole('option', { name: 'Analyzer' }).click();
  await page.waitForURL(/object_type=analyzer/);
  await row.waitFor();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Sign-in failed' }).click();
  await page.getByText('No entries match these filters').waitFor();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await row.waitFor();
  await screenshot(page, 'audit-log');
  expect(await axeFindings(page)).toEqual([]);

  // The analyzer's History on /settings says the same.
  await page.goto('/settings');
  await analyzer.getByRole('button', { name: 'History' }).click();
  const entry = analyzer.getByTestId('history-entry').filter({ hasText: change });
  await entry.waitFor();
  expect(await entry.textContent()).toContain('by owner@example.org');
  expect(await entry.textContent()).toMatch(DATE_TIME);
  expect(await axeFindings(page)).toEqual([]);
});

it("tells who excluded a record, and when, in the record's History", async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  // A member has no Audit Log.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  expect(await page.getByRole('menuitem', { name: 'Audit Log' }).count()).toBe(0);
  await page.keyboard.press('Escape');

  await page.goto(`/record/${recordId}`);
  await page.getByLabel('Exclude').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Changes saved').waitFor();
  const savedAt = Date.now();

  const history = page.getByRole('button', { name: 'History' });
  await history.focus();
  await page.keyboard.press('Enter');
  const entry = page.getByTestId('history-entry').filter({ hasText: 'Excluded: No → Yes' });
  await entry.waitFor();
  const text = await entry.textContent();
  expect(text).toContain('Updated by member@example.org');
  expect(text).toMatch(DATE_TIME);
  const when = Date.parse((await entry.locator('time').getAttribute('datetime')) ?? '');
  expect(Math.abs(when - savedAt)).toBeLessThan(60_000);
  await screenshot(page, 'record-history');

  // The same History on a page of its own, where the Audit Log links once an object is gone.
  await page.goto(`/history/record/${recordId}`);
  await page.getByRole('heading', { name: `History of Record ${recordId}` }).waitFor();
  await page.getByTestId('history-entry').filter({ hasText: 'Excluded: No → Yes' }).waitFor();
});
