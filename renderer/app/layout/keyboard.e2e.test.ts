import type { Page } from 'playwright-core';
import {
  chooseOrganization,
  loginAs,
  screenshot,
  setUpBrowserTests,
} from '../../../testing/browser';
import { focused, pressUntil, type Focused } from '../../../testing/keyboard';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { TransitRecord } from '../../../server/entities/record';

const e2e = setUpBrowserTests();

/** One reviewed record and one waiting for review, so both record tabs show. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const line = await insertLine(db, hospital, { name: 'Line Alpha' });
  const [, waiting] = await insertProcessedRecords(db, hospital, line.id, [
    { auc: 80 },
    { auc: 90 },
  ]);
  await db.getRepository(TransitRecord).update(waiting, { isReviewed: false });
});

const tabTo = (page: Page, wanted: (f: Focused) => boolean) => pressUntil(page, 'Tab', wanted);

/** Every control Tab reaches, in order, from the top of the page. */
async function tabStops(page: Page, count: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const { role, name } = await focused(page);
    stops.push(`${role}: ${name}`);
  }
  return stops;
}

async function openRecords(page: Page) {
  await loginAs(page, 'member@example.org');
  await page.goto('/records');
  await page.getByRole('tab', { name: /To Review \(1\)/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('row', { name: /Line Alpha/ }).waitFor();
}

it('reaches the skip link first, then every main tab and the To Review tab with Tab', async () => {
  await openRecords(e2e.page);
  const stops = await tabStops(e2e.page, 30);
  expect(stops[0]).toBe('link: Skip to main content');
  for (const tab of ['Dashboard', 'Records', 'Lines', 'Settings'])
    expect(stops).toContain(`tab: ${tab}`);
  expect(stops).toContain('tab: To Review (1)');
  expect(stops).toContain('tab: Reviewed (1)');
});

it('skips to the main content, and moves focus to the new page heading after a navigation', async () => {
  await openRecords(e2e.page);
  await e2e.page.keyboard.press('Tab');
  await screenshot(e2e.page, 'keyboard-skip-link');
  await e2e.page.keyboard.press('Enter');
  expect(await e2e.page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(
    true,
  );

  await e2e.page.goto('/dashboard');
  // Until the app has loaded, the page holds only its loading text and Tab stays on the body.
  await e2e.page.getByRole('tab', { name: 'Lines' }).waitFor({ timeout: 30_000 });
  await tabTo(e2e.page, (f) => f.role === 'tab' && f.name === 'Lines');
  await e2e.page.keyboard.press('Enter');
  await e2e.page.waitForURL(/\/lines$/);
  await e2e.page.waitForFunction(
    () =>
      document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Lines',
  );
});

it('shows one visible focus ring on buttons, tabs, chips, switches and grid cells', async () => {
  await openRecords(e2e.page);
  const button = await tabTo(e2e.page, (f) => f.role === 'button');
  const tab = await tabTo(e2e.page, (f) => f.role === 'tab');
  await tabTo(e2e.page, (f) => f.name === 'Show Filters');
  await e2e.page.keyboard.press('Enter');
  // The first filter, Lines: choose one, then ArrowLeft focuses its chip.
  await tabTo(e2e.page, (f) => f.name === 'Lines');
  await e2e.page.keyboard.type('Alpha');
  // The lines arrive from the server: choose once the list offers the line.
  await e2e.page.getByRole('option', { name: 'Line Alpha' }).waitFor();
  for (const key of ['ArrowDown', 'Enter']) await e2e.page.keyboard.press(key);
  // The choice lands in the address first, then the chip shows it.
  await e2e.page.getByRole('button', { name: 'Line Alpha' }).waitFor();
  await e2e.page.keyboard.press('ArrowLeft');
  const chip = await focused(e2e.page);
  expect(chip.name).toBe('Line Alpha');
  const toggleButton = await tabTo(e2e.page, (f) => f.name === 'Low');
  const toggle = await tabTo(e2e.page, (f) => f.role === 'switch');
  // Into the grid (its header checkbox), then down to the first row and right to a plain cell.
  await tabTo(e2e.page, (f) => f.name === 'Select all rows');
  for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight']) await e2e.page.keyboard.press(key);
  const cell = await focused(e2e.page);
  expect(cell.role).toBe('gridcell');
  await screenshot(e2e.page, 'keyboard-focus-grid');
  for (const control of [button, tab, chip, toggleButton, toggle, cell]) {
    expect(control.ring.style).toBe('solid');
    expect(control.ring.width).toBeGreaterThanOrEqual(2);
    expect(control.ring.color).toBe(button.ring.color);
  }
});

const TITLES: [string, string][] = [
  ['/dashboard', 'Dashboard · Northfield General Hospital · VialQC'],
  // The two lists are told apart (issue 44).
  ['/records', 'Reviewed Records · Northfield General Hospital · VialQC'],
  ['/records/to-review', 'Records to Review · Northfield General Hospital · VialQC'],
  ['/lines', 'Lines · Northfield General Hospital · VialQC'],
  ['/labels', 'Labels · Northfield General Hospital · VialQC'],
  ['/validations', 'Validations · Northfield General Hospital · VialQC'],
  ['/reports', 'Reports · Northfield General Hospital · VialQC'],
  ['/settings', 'Settings · Northfield General Hospital · VialQC'],
  ['/benchmarks', 'Peer Benchmarking · Northfield General Hospital · VialQC'],
  ['/account', 'Account Settings · VialQC'],
];

async function expectTitles(page: Page, titles: [string, string][]) {
  for (const [path, title] of titles) {
    await page.goto(path);
    await page
      .waitForFunction((t) => document.title === t, title)
      .catch(async () => {
        throw new Error(`${path}: title "${await page.title()}", expected "${title}"`);
      });
  }
}

it('names every screen in the document title: screen, organization, VialQC', async () => {
  await expectTitles(e2e.page, [['/login', 'Log In · VialQC']]);
  await loginAs(e2e.page, 'member@example.org');
  await expectTitles(e2e.page, TITLES);
});

it('names the staff screens without an organization, and follows the organization chosen', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await expectTitles(e2e.page, [
    ['/organizations', 'Organizations · VialQC'],
    ['/contracts', 'Contracts · VialQC'],
    ['/vials', 'Vials · VialQC'],
    ['/benchmarks/overview', 'Peer Benchmarking Overview · VialQC'],
  ]);
  await e2e.page.goto('/lines');
  await chooseOrganization(e2e.page, 'Lakeside Courier Services');
  await e2e.page.waitForFunction(
    () => document.title === 'Routes · Lakeside Courier Services · VialQC',
  );
});
