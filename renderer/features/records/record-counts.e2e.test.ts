import { loginAs, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { TransitRecord } from '../../../server/entities/record';

const e2e = setUpBrowserTests();
let east: number;
let west: number;

/**
 * East: three reviewed records, one of them excluded, and two to review, one excluded. West: two
 * reviewed records. The lists open with excluded records left out: 4 reviewed, 1 to review.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  east = (await insertLine(db, hospital, { name: 'Line East' })).id;
  west = (await insertLine(db, hospital, { name: 'Line West' })).id;
  await insertProcessedRecords(db, hospital, east, [
    { auc: 100 },
    { auc: 110 },
    { auc: 120, exclude: true },
  ]);
  await insertProcessedRecords(db, hospital, west, [{ auc: 90 }, { auc: 95 }]);
  const queue = await insertProcessedRecords(db, hospital, east, [
    { auc: 130 },
    { auc: 140, exclude: true },
  ]);
  await db.getRepository(TransitRecord).update(queue, { isReviewed: false });
});

const tab = (name: RegExp) => e2e.page.getByRole('tab', { name });
const listTotal = () => e2e.page.locator('.MuiTablePagination-displayedRows');

it("shows beside each list that list's total under its filters, on the tabs and the dashboard", async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/dashboard');
  const panel = e2e.page.getByRole('region', { name: 'Records to Review' });
  // A count is a placeholder until the summary has come: wait for the figure itself.
  const count = (label: string, figure: string) =>
    panel
      .getByText(label, { exact: true })
      .locator('xpath=preceding-sibling::*[1]')
      .filter({ hasText: new RegExp(`^${figure}$`) });
  await count('Reviewed', '4').waitFor({ timeout: 30_000 });
  await count('To review', '1').waitFor();

  await e2e.page.goto('/records');
  await tab(/^Reviewed \(4\)$/).waitFor({ timeout: 30_000 });
  await tab(/^To Review \(1\)$/).waitFor();
  await listTotal().getByText('1–4 of 4').waitFor();

  // Narrowed to one line, both tabs count that line's records only.
  await e2e.page.goto(`/records?line_ids=${west}`);
  await tab(/^Reviewed \(2\)$/).waitFor();
  await tab(/^To Review \(0\)$/).waitFor();
  await listTotal().getByText('1–2 of 2').waitFor();

  // The exclude toggle on: the excluded ones are the list, and the counts say so.
  await e2e.page.goto(`/records/to-review?line_ids=${east}&exclude=true`);
  await tab(/^To Review \(1\)$/).waitFor();
  await tab(/^Reviewed \(1\)$/).waitFor();
  await listTotal().getByText('1–1 of 1').waitFor();
});
