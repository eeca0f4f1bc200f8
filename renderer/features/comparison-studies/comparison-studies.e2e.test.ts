import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { axeFindings, prepareAxe } from '../../../testing/axe';
import type { ApiClient } from '../../../testing/http';
import { focused, pressUntil } from '../../../testing/keyboard';
import { insertProcessedRecords } from '../../../testing/lines';

// The demo accounts only: the test makes its own lines and imports its own pairs.
const e2e = setUpBrowserTests();
let member: ApiClient;
let hospital: number;

const LINES = ['Ward 3 pneumatic tube', 'ED pneumatic tube'];
const SUGGESTED = 'roughest: suggested for paired samples';

/**
 * Potassium pairs (reference hand-carried, test through the line), mmol/L: twelve with a bias of
 * about +1.3% and a small spread, and one clear outlier (4.20 → 3.90, −7.1%). With the outlier the
 * all-lines group of 13 pairs is inconclusive against biological variation (CVi 4.8%, CVg 5.6%,
 * desirable: L = 1.84%), pairs_needed 17; without it, acceptable.
 */
const PAIRS: [line: number, reference: string, test: string][] = [
  [0, '3.62', '3.66'],
  [0, '4.05', '4.12'],
  [0, '4.48', '4.51'],
  [0, '3.91', '3.99'],
  [0, '5.12', '5.16'],
  [0, '4.27', '4.37'],
  [0, '3.75', '3.78'],
  [0, '4.20', '3.90'],
  [1, '4.66', '4.71'],
  [1, '4.02', '4.03'],
  [1, '5.35', '5.41'],
  [1, '3.88', '3.94'],
  [1, '4.41', '4.48'],
];
const day = (i: number) => `2025-09-${String(i + 1).padStart(2, '0')}`;
const CSV = [
  'date,line,potassium,potassium_baseline',
  ...PAIRS.map(([line, reference, test], i) => `${day(i)},${LINES[line]},${test},${reference}`),
].join('\n');

beforeAll(async () => {
  member = await e2e.server.login('member@example.org');
  hospital = (await member.get('/v2/auth/account')).body.default_institute;
  await e2e.server.ctx.db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = $1`,
    [hospital],
  );
  const ids: number[] = [];
  for (const name of LINES) {
    const line = await member.post(`/v2/institutes/${hospital}/lines`, { name });
    expect(line.status).toBe(201);
    ids.push(line.body.id);
  }
  // Vial runs on the Ward 3 line only: it is the roughest, suggested for paired samples.
  await insertProcessedRecords(e2e.server.ctx.db, hospital, ids[0], [
    { auc: 310 },
    { auc: 290 },
    { auc: 305 },
  ]);
});

const dialog = () => e2e.page.getByRole('dialog');
const toast = (text: string) => e2e.page.getByText(text, { exact: true }).first();
let studyPath: string;

it('lets a member import pairs, create a study, see it inconclusive and exclude the outlier', async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');

  // Import the pairs as CSV on the clinical-data screen.
  await page.goto('/clinical-data');
  await page.getByRole('grid', { name: 'Clinical data' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import (CSV)' }).click();
  await dialog()
    .getByLabel('CSV file')
    .setInputFiles({ name: 'potassium.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog().getByRole('button', { name: 'Import' }).click();
  await toast('13 entries imported successfully').waitFor();

  // The main tab, an empty list, then the form.
  await page.getByRole('tab', { name: 'Comparison Studies' }).click();
  await page.waitForURL('**/comparison-studies');
  await page.getByText('No Comparison Studies').waitFor();
  await page.getByRole('link', { name: 'New Study' }).click();
  await page.waitForURL('**/comparison-studies/new');
  const form = page.getByRole('form', { name: 'New Comparison Study' });

  // Nothing filled in: the schema's messages on the fields.
  await form.getByRole('button', { name: 'Create Study' }).click();
  await form.getByText('A name is required.').waitFor();
  await form.getByText('Choose at least one line.').waitFor();

  await form.getByLabel('Name').fill('Pneumatic tube potassium');
  // The roughest line is marked (its name carries the mark); the other is not.
  const mark = form.getByText(SUGGESTED);
  await mark.waitFor();
  expect(await mark.count()).toBe(1);
  expect(await mark.locator('xpath=ancestor::label').textContent()).toBe(
    `Ward 3 pneumatic tube${SUGGESTED}`,
  );
  for (const name of LINES)
    await form.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  await form.getByLabel('First day').fill(day(0));
  await form.getByLabel('Last day').fill(day(PAIRS.length - 1));
  // Biological variation is the default criterion; L appears as the values are typed.
  await form.getByText('L appears once the criterion’s values are typed.').waitFor();
  await form.getByLabel('CVi (%)').fill('4.8');
  await form.getByLabel('CVg (%)').fill('5.6');
  await form.getByText('L = 1.84%').waitFor();
  await form.getByLabel('Performance').click();
  await page.getByRole('option', { name: 'Optimum' }).click();
  await form.getByText('L = 0.92%').waitFor();
  await form.getByLabel('Performance').click();
  await page.getByRole('option', { name: 'Desirable' }).click();
  await form.getByText('L = 1.84%').waitFor();

  // The sample-size helper asks the server with the criterion's L.
  await form.getByLabel('Expected SD of the differences (%)').fill('1.5');
  await form.getByText(/^About \d+ pairs needed\.$/).waitFor();
  await form.getByLabel('Expected bias (%)').fill('2');
  await form.getByText('The expected bias must be smaller than the limit.').waitFor();
  await form.getByLabel('Expected bias (%)').fill('0.5');
  await form.getByText(/^About \d+ pairs needed\.$/).waitFor();
  await screenshot(page, 'comparison-study-form');

  await form.getByRole('button', { name: 'Create Study' }).click();
  await toast('Pneumatic tube potassium has been created.').waitFor();
  await page.waitForURL(/\/comparison-studies\/\d+$/);
  studyPath = new URL(page.url()).pathname;

  // The all-lines verdict: inconclusive, with the pairs still needed; each line alone has too few.
  const verdict = page.getByTestId('verdict-words');
  await verdict.waitFor({ timeout: 30_000 });
  expect(await verdict.textContent()).toBe('Inconclusive: about 17 more pairs needed');
  await page.getByText(/a study of about 17 pairs would decide \(it has 13\)/).waitFor();
  const figures = page.getByRole('table', { name: 'Figures per line' });
  expect(await figures.getByRole('columnheader').allTextContents()).toEqual([
    'Figure',
    'ED pneumatic tube',
    'Ward 3 pneumatic tube',
    'All lines',
  ]);
  expect(await figures.getByRole('row', { name: /^Verdict/ }).textContent()).toBe(
    'VerdictToo few pairsToo few pairsInconclusive: about 17 more pairs needed',
  );
  // Two plots, drawn by echarts.
  await page
    .getByRole('img', { name: /Potassium: test against reference/ })
    .first()
    .waitFor();
  await page
    .getByRole('img', { name: /Bland-Altman \(%\)/ })
    .first()
    .waitFor();
  await screenshot(page, 'comparison-study-inconclusive');

  // The outlier is marked; excluding it needs a reason.
  const pairs = page.getByRole('grid', { name: 'Pairs of Potassium' });
  const outlierRow = pairs.getByRole('row', { name: /Outlier/ });
  expect(await outlierRow.count()).toBe(1);
  expect(await outlierRow.textContent()).toContain('4.20');
  await outlierRow.getByRole('button', { name: /^Exclude/ }).click();
  await dialog().getByRole('button', { name: 'Exclude' }).click();
  await dialog().getByText('Please give a reason for the exclusion.').waitFor();
  await dialog().getByLabel('Reason').fill('Sample clotted: haemolysed on arrival');
  await dialog().getByRole('button', { name: 'Exclude' }).click();
  await toast('The pair has been excluded.').waitFor();
  await page.getByText('Sample clotted: haemolysed on arrival').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="verdict-words"]')?.textContent === 'Acceptable',
  );
  // A member manages the study but does not approve it.
  expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  await screenshot(page, 'comparison-study-excluded');
});

it('lets an admin approve the study, and the report names the approver', async () => {
  const page = e2e.page;
  await loginAs(page, 'admin@example.org');
  await page.goto(studyPath);
  await page.getByTestId('verdict-words').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Approve' }).click();
  await dialog().getByRole('button', { name: 'Approve' }).click();
  await toast('Pneumatic tube potassium has been approved.').waitFor();
  await page.getByText('Approved', { exact: true }).first().waitFor();
  // An approved study's exclusions no longer change.
  const include = page
    .getByRole('grid', { name: 'Pairs of Potassium' })
    .getByRole('button', { name: /^Include/ });
  expect(await include.isDisabled()).toBe(true);

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-']).toString();
  expect(text).toContain('Adam Admin');
  expect(text).not.toContain('Draft');

  // The pairs and the results as CSV, the exclusion's reason with its pair.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  expect(fs.readFileSync(await csv.path(), 'utf8')).toContain(
    'Sample clotted: haemolysed on arrival',
  );
});

it('reaches the analyte tabs, the line choice and the pairs’ actions with the keyboard', async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto(studyPath);
  await page.getByTestId('verdict-words').waitFor({ timeout: 30_000 });
  const tab = await pressUntil(page, 'Tab', (f) => f.role === 'tab' && f.name === 'Potassium');
  const toggle = await pressUntil(page, 'Tab', (f) => f.name === 'ED pneumatic tube');
  await page.keyboard.press('Enter');
  await page.waitForURL(/line=\d+/);
  await page.getByText('Verdict for Potassium, ED pneumatic tube:').waitFor();
  const now = await focused(page);
  expect(now.name).toBe('ED pneumatic tube');
  for (const control of [tab, toggle]) {
    expect(control.ring.style).toBe('solid');
    expect(control.ring.width).toBeGreaterThanOrEqual(2);
  }
});

it('finds no WCAG 2.1 A/AA violation on the list, the form, the study and its dialog, as a guest too', async () => {
  const page = e2e.page;
  await prepareAxe(page);
  const found: string[] = [];
  const check = async (where: string) =>
    found.push(...(await axeFindings(page)).map((f) => `${where}: ${f.rule} at ${f.target}`));
  // A draft beside the approved study: its pairs can still be excluded.
  const approved = (
    await member.get(studyPath.replace('/comparison-studies', '/v2/comparison-studies'))
  ).body;
  const draft = await member.post(`/v2/institutes/${hospital}/comparison-studies`, {
    name: 'Draft potassium',
    line_ids: approved.line_ids,
    date__gte: approved.date__gte,
    date__lt: approved.date__lt,
    analytes: approved.analytes,
  });
  expect(draft.status).toBe(201);
  const draftPath = `/comparison-studies/${draft.body.id}`;
  await loginAs(page, 'member@example.org');
  for (const path of ['/comparison-studies', '/comparison-studies/new', studyPath, draftPath]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await check(path);
  }
  await page
    .getByRole('grid', { name: 'Pairs of Potassium' })
    .getByRole('button', { name: /^Exclude/ })
    .first()
    .click();
  await dialog().waitFor();
  await check('Exclude Pair');
  await page.keyboard.press('Escape');
  await dialog().waitFor({ state: 'detached' });

  // A guest reads: no New Study, and exclusions disabled with the reason on hover.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'guest@example.org');
  await page.goto('/comparison-studies');
  await page.getByRole('link', { name: 'Pneumatic tube potassium' }).waitFor();
  expect(await page.getByRole('link', { name: 'New Study' }).getAttribute('aria-disabled')).toBe(
    'true',
  );
  await check('/comparison-studies as guest');
  await page.getByRole('link', { name: 'Draft potassium' }).click();
  await page.getByTestId('verdict-words').waitFor();
  expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  const exclude = page
    .getByRole('grid', { name: 'Pairs of Potassium' })
    .getByRole('button', { name: /^Exclude/ });
  expect(await exclude.first().isDisabled()).toBe(true);
  await check(`${draftPath} as guest`);
  expect(found).toEqual([]);
});
