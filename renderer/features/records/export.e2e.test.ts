import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { chooseOrganization, loginAs, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';

const e2e = setUpBrowserTests();
let alphaId: number;

beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const alpha = await insertLine(db, hospital, { name: 'Alpha Tube' });
  const bravo = await insertLine(db, hospital, { name: 'Bravo Tube' });
  alphaId = alpha.id;
  await insertProcessedRecords(db, hospital, alpha.id, [
    { auc: 120.5, date: new Date('2026-02-01T08:00:00Z') },
    { auc: 80, date: new Date('2026-02-02T08:00:00Z') },
  ]);
  await insertProcessedRecords(db, hospital, bravo.id, [{ auc: 300 }]);
});

const exportButton = () => e2e.page.getByRole('button', { name: 'Export', exact: true });

async function openFilteredRecords() {
  await loginAs(e2e.page, 'staff@example.org');
  await chooseOrganization(e2e.page, 'Northfield General Hospital');
  await e2e.page.goto(`/records?line_ids=${alphaId}`);
  await e2e.page
    .getByRole('row', { name: /Alpha Tube/ })
    .first()
    .waitFor();
}

test('staff export the filtered records list as Excel with typed cells', async () => {
  await openFilteredRecords();
  // Hold the answer until the button has shown that the export is under way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await e2e.page.route('**/records/export?*', async (route) => {
    await held;
    await route.continue();
  });
  await exportButton().click();
  const [download] = await Promise.all([
    e2e.page.waitForEvent('download'),
    e2e.page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    e2e.page
      .getByRole('button', { name: /^Exporting… \d+ kB$/ })
      .waitFor()
      .then(release),
  ]);
  expect(download.suggestedFilename()).toMatch(/^records-\d+\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Records')!;
  expect(sheet.getRow(1).getCell(3).value).toBe('Line');
  expect(sheet.getRow(1).getCell(4).value).toBe('VitalMetric (g·s)');
  // The filter on screen (line Alpha) holds: Bravo's record is not exported.
  expect(sheet.rowCount).toBe(3);
  const newest = sheet.getRow(2);
  expect(newest.getCell(1).value).toBeInstanceOf(Date);
  expect(newest.getCell(1).type).toBe(ExcelJS.ValueType.Date);
  expect(newest.getCell(3).value).toBe('Alpha Tube');
  expect(newest.getCell(4).value).toBe(80);
  expect(newest.getCell(4).type).toBe(ExcelJS.ValueType.Number);
  expect(sheet.getRow(3).getCell(4).value).toBe(120.5);
  await e2e.page.getByRole('button', { name: 'Export', exact: true }).waitFor();
});

test('a refused export says why, in the server words', async () => {
  await openFilteredRecords();
  await e2e.page.route('**/records/export?*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'You do not have permission to perform this action.' }),
    }),
  );
  await exportButton().click();
  await e2e.page.getByRole('menuitem', { name: 'CSV' }).click();
  await e2e.page
    .getByText('The export failed: You do not have permission to perform this action.')
    .waitFor();
});

test('the lines table exports as CSV with its statistics', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/lines');
  await e2e.page.getByRole('link', { name: 'Alpha Tube' }).first().waitFor();
  await exportButton().click();
  const [download] = await Promise.all([
    e2e.page.waitForEvent('download'),
    e2e.page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lines-\d+\.csv$/);
  const rows = fs.readFileSync(await download.path(), 'utf8').split('\n');
  expect(rows[0]).toMatch(/^\uFEFFLine,Labels,Length \(m\),Records,VitalMetric \(g·s\)/);
  expect(rows.find((r) => r.startsWith('Alpha Tube,'))).toMatch(/^Alpha Tube,,[^,]*,2,/);
});
