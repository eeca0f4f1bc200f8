import { screenshot, setUpBrowserTests } from '../../../testing/browser';
import { pressUntil, type Focused } from '../../../testing/keyboard';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { TransitRecord } from '../../../server/entities/record';

const e2e = setUpBrowserTests();

/** A morning's runs on Line Alpha waiting for review: VV-K1 (newest) … VV-K4. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const line = await insertLine(db, hospital, { name: 'Line Alpha' });
  const queue = await insertProcessedRecords(
    db,
    hospital,
    line.id,
    [1, 2, 3, 4].map((hours) => ({
      auc: 100 + hours,
      date: new Date(Date.now() - hours * 3600_000),
    })),
  );
  const repo = db.getRepository(TransitRecord);
  for (const [i, id] of queue.entries())
    await repo.update(id, { isReviewed: false, vialLabel: `VV-K${i + 1}` });
});

const inPanel = (f: Focused) => f.within.includes('Record review');
const inGrid = (f: Focused) => f.within.includes('Transit records');

const panel = () => e2e.page.getByRole('complementary', { name: 'Record review' });
const showing = (vial: string) => panel().getByText(`Vial ${vial} ·`).waitFor();
/** The panel takes the focus once it shows its record. */
const focusInPanel = () =>
  e2e.page.waitForFunction(
    () => document.activeElement?.closest('aside[aria-label="Record review"]') != null,
  );

async function reviewWithKeyboard() {
  await pressUntil(
    e2e.page,
    'Tab',
    (f) => inPanel(f) && f.role === 'button' && f.name === 'Review',
  );
  await e2e.page.keyboard.press('Enter');
  await e2e.page.getByText('Changes saved').first().waitFor();
}

it('reviews a morning of runs with the keyboard alone: open, review, next, J/K', async () => {
  const page = e2e.page;
  await page.goto('/login');
  await page.getByLabel('E-mail or Username').fill('member@example.org');
  await page.getByLabel('Password', { exact: true }).fill('vialqc-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('tab', { name: 'Records' }).waitFor({ timeout: 30_000 });

  // The records list and its To Review tab, from the main tabs.
  await pressUntil(page, 'Tab', (f) => f.role === 'tab' && f.name === 'Records');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/records$/);
  // The address changes before the records screen shows (its code may still be on its way):
  // tabbing starts once its tabs are there, not through the dashboard it replaces.
  await page.getByRole('tab', { name: /^To Review/ }).waitFor({ timeout: 30_000 });
  await pressUntil(page, 'Tab', (f) => f.role === 'tab' && f.name.startsWith('To Review'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/records\/to-review/);
  await page.getByRole('row', { name: /VV-K4/ }).waitFor({ timeout: 30_000 });

  // Into the grid, down to the newest run, and Enter opens its review.
  await pressUntil(page, 'Tab', inGrid);
  await pressUntil(page, 'ArrowDown', (f) => f.row.includes('VV-K1'), 5);
  await page.keyboard.press('Enter');
  await showing('VV-K1');
  await focusInPanel();

  // Review moves on to the next run, and the focus stays in the panel.
  await reviewWithKeyboard();
  await showing('VV-K2');
  await focusInPanel();
  await reviewWithKeyboard();
  await showing('VV-K3');
  await focusInPanel();
  await page.getByRole('tab', { name: 'To Review (2)' }).waitFor();
  await screenshot(page, 'records-keyboard-review');

  // J/K and the arrow keys step through the list.
  await page.keyboard.press('j');
  await showing('VV-K4');
  await page.keyboard.press('k');
  await showing('VV-K3');
  await page.keyboard.press('ArrowDown');
  await showing('VV-K4');
  await page.keyboard.press('ArrowUp');
  await showing('VV-K3');

  // In a text field the letters are typed: they do not step.
  await pressUntil(page, 'Tab', (f) => inPanel(f) && f.name === 'Add a comment');
  await page.keyboard.type('jk');
  expect(await panel().getByRole('textbox', { name: 'Add a comment' }).inputValue()).toBe('jk');
  await pressUntil(page, 'Shift+Tab', (f) => inPanel(f) && f.name === 'Review');
  await page.keyboard.press('Enter');
  await showing('VV-K4');
  await focusInPanel();
  await reviewWithKeyboard();
  await page.getByText('No more records to review').waitFor();
  await page.getByRole('tab', { name: 'Reviewed (4)' }).waitFor();
});
