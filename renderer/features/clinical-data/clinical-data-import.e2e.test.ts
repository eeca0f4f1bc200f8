import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';

// The demo accounts only: the test makes its own line and imports its own entries.
const e2e = setUpBrowserTests();
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  member = await e2e.server.login('member@example.org');
  hospital = (await member.get('/v2/auth/account')).body.default_institute;
  await e2e.server.ctx.db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = $1`,
    [hospital],
  );
  expect(
    (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Ward 7 line' })).status,
  ).toBe(201);
});

const dialog = () => e2e.page.getByRole('dialog');
const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

it('lets a member import a CSV beside Add and see the entries with their line', async () => {
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/clinical-data');
  await e2e.page.getByRole('grid', { name: 'Clinical data' }).waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Import (CSV)' }).click();

  // A bad cell: nothing is stored, the problem is shown by line and column.
  await dialog()
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile(
        'bad.csv',
        'date;line;ldh;ldh_baseline\n2025-04-01;Ward 7 line;250,5;240\n2025-04-02;;-3;\n',
      ),
    );
  await dialog().getByRole('button', { name: 'Import' }).click();
  const problems = dialog().getByRole('table', { name: 'Problems of the file' });
  await problems.waitFor();
  const row = problems.getByRole('row').nth(1);
  expect(await row.getByRole('cell').allTextContents()).toEqual([
    '3',
    'ldh',
    'ldh cannot be negative.',
  ]);
  await screenshot(e2e.page, 'clinical-data-import-problems');
  expect((await member.get(`/v2/institutes/${hospital}/clinical-data`)).body.total).toBe(0);

  await dialog()
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile(
        'ward 7.csv',
        'date;line;ldh;ldh_baseline\n2025-04-01;Ward 7 line;250,5;240\n2025-04-02;;312;298,25\n',
      ),
    );
  await dialog().getByRole('button', { name: 'Import' }).click();
  await e2e.page.getByText('2 entries imported successfully').waitFor();
  expect(await dialog().count()).toBe(0);

  const grid = e2e.page.getByRole('grid', { name: 'Clinical data' });
  await grid.getByRole('gridcell', { name: '250.50' }).waitFor();
  await grid.getByRole('gridcell', { name: '298.25' }).waitFor();
  await grid.getByRole('gridcell', { name: 'Ward 7 line' }).waitFor();
  await screenshot(e2e.page, 'clinical-data-imported');

  // The form offers the line of an entry.
  await e2e.page.getByRole('button', { name: 'Add Clinical Data' }).click();
  await dialog().getByLabel('Date').fill('2025-04-03');
  await dialog().getByRole('combobox', { name: 'Line' }).click();
  await e2e.page.getByRole('option', { name: 'Ward 7 line' }).click();
  await dialog().getByRole('button', { name: 'Add' }).click();
  await e2e.page.getByText('Clinical data created successfully').waitFor();
  const added = (await member.get(`/v2/institutes/${hospital}/clinical-data?date__gte=2025-04-03`))
    .body.items;
  expect(added).toEqual([
    expect.objectContaining({
      date: '2025-04-03',
      line_detail: expect.objectContaining({ name: 'Ward 7 line' }),
    }),
  ]);
});
