import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { axeFindings, prepareAxe } from '../../../testing/axe';
import type { ApiClient } from '../../../testing/http';
import { pressUntil } from '../../../testing/keyboard';

// The demo accounts only: the test makes its own lines and writes its results as the feed files them.
const e2e = setUpBrowserTests();
let member: ApiClient;
let hospital: number;
let line: number;
let quiet: number;

const DAY_MS = 86_400_000;

/** Results as the ingestion files them (the lab-feed tables), `values` HI at the given instants. */
async function insertHi(lineId: number, rows: [at: Date, value: number][]) {
  const db = e2e.server.ctx.db;
  const [{ id: message }] = await db.query(
    `INSERT INTO lab_feed_messages (institute_id, source, state, sha256, size)
     VALUES ($1, 'hl7', 'accepted', repeat('0', 64), 1) RETURNING id`,
    [hospital],
  );
  await db.query(
    `INSERT INTO lab_feed_results (institute_id, sample_key, analyte, line_id, location,
       code_system, code, code_text, value, action, status, state, is_current, sampled_at,
       received_at, source, message_id, arrival)
     SELECT $1, md5(random()::text), 'h_index', $2, 'AKUT', 'L', 'HI', '', v, 'final', 'final',
            'filed', true, t, now(), 'hl7', $3, nextval('lab_feed_arrival_seq')
       FROM unnest($4::timestamptz[], $5::float8[]) AS u(t, v)`,
    [hospital, lineId, message, rows.map(([t]) => t), rows.map(([, v]) => v)],
  );
}

beforeAll(async () => {
  member = await e2e.server.login('member@example.org');
  hospital = (await member.get('/v2/auth/account')).body.default_institute;
  await e2e.server.ctx.db.query(
    `UPDATE institutes SET feature_flags = '{"hemolysisTracking": true}' WHERE id = $1`,
    [hospital],
  );
  line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'ED pneumatic tube' })).body
    .id;
  quiet = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Quiet ward' })).body.id;
  // The last days: a spread of HI. Before and after 2025-09-10 (28 days each): 12 and 30 of 200
  // samples above the potassium threshold (90 mg/dL), the spec's example.
  const now = Date.now();
  const recent = Array.from({ length: 60 }, (_, i): [Date, number] => [
    new Date(now - (1 + (i % 5)) * DAY_MS),
    [2, 8, 14, 25, 60, 120, 1200][i % 7],
  ]);
  const side = (start: string, above: number) =>
    Array.from({ length: 200 }, (_, i): [Date, number] => [
      new Date(Date.parse(start) + i * 3_600_000),
      i < above ? 120 : 10,
    ]);
  await insertHi(line, [
    ...recent,
    ...side('2025-08-20T00:00:00Z', 12),
    ...side('2025-09-12T00:00:00Z', 30),
  ]);
});

it("lets an admin set a comment cut-off, refused above the analyzer's threshold", async () => {
  const page = e2e.page;
  await loginAs(page, 'admin@example.org');
  await page.goto('/settings');
  const field = page.getByLabel('Potassium: Comment above (HI)');
  await field.waitFor({ timeout: 30_000 });
  await field.fill('95');
  await page.getByRole('button', { name: 'Save Cut-offs' }).click();
  await page
    .getByText('The comment cut-off of potassium must be below its analyzer threshold (90 mg/dL).')
    .waitFor();
  await field.fill('40');
  await page.getByRole('button', { name: 'Save Cut-offs' }).click();
  await page.getByText('Changes saved').first().waitFor();
});

it("shows a line's lab outcomes and answers the before/after test", async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${line}/outcomes`);
  await page.getByRole('tab', { name: 'Lab outcomes', selected: true }).waitFor();
  await page.getByTestId('lab-outcomes-daily').waitFor({ timeout: 30_000 });
  await page.getByTestId('lab-outcomes-histogram').waitFor();
  await page.getByTestId('lab-outcomes-tiers').waitFor();
  await page.getByText(/Potassium: suppress above 90 mg\/dL, comment above 40 mg\/dL\./).waitFor();
  // A member reads the cut-offs on /settings but does not change them.
  const section = page.getByRole('region', { name: 'Before/after' });
  await section.getByLabel('Date of the change').fill('2025-09-10');
  await section.getByRole('button', { name: 'Compare' }).click();
  const answer = page.getByTestId('before-after-answer');
  await answer.getByText("Fisher's exact test, two-sided: p = 0.0050").waitFor();
  await answer.getByText('Significant at the 5% level', { exact: true }).waitFor();
  await answer.getByText('Before: 12 of 200 samples above the cut-off (6.0%)').waitFor();
  await answer.getByText('Difference (after − before): 9.0%, 95% interval 3.0% to 15.2%').waitFor();
  await screenshot(page, 'lab-outcomes');

  // A cut-off nothing crosses in either period: not significant.
  await section.getByLabel('Cut-off').click();
  await page.getByRole('option', { name: 'HI above…' }).click();
  await section.getByLabel('HI above (mg/dL)').fill('500');
  await section.getByRole('button', { name: 'Compare' }).click();
  await answer.getByText('Not significant at the 5% level', { exact: true }).waitFor();
});

it('shows the empty state on a line without results', async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${quiet}/outcomes`);
  await page
    .getByText('No lab-feed results on this line in the period.')
    .first()
    .waitFor({ timeout: 30_000 });
});

it('reaches the before/after form with the keyboard and sends it with Enter', async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${line}/outcomes`);
  await page.getByTestId('lab-outcomes-daily').waitFor({ timeout: 30_000 });
  await pressUntil(page, 'Tab', (f) => f.name.startsWith('Date of the change'));
  await page.keyboard.type('09102025');
  const compare = await pressUntil(page, 'Tab', (f) => f.name === 'Compare');
  expect(compare.ring.style).toBe('solid');
  await page.keyboard.press('Enter');
  await page
    .getByTestId('before-after-answer')
    .getByText('Significant at the 5% level', { exact: true })
    .waitFor();
});

it('finds no WCAG 2.1 A/AA violation on the screen and the settings', async () => {
  const page = e2e.page;
  await prepareAxe(page);
  await loginAs(page, 'member@example.org');
  const found: string[] = [];
  await page.goto(`/line/${line}/outcomes`);
  await page.getByTestId('lab-outcomes-daily').waitFor({ timeout: 30_000 });
  found.push(...(await axeFindings(page)).map((f) => `outcomes: ${f.rule} at ${f.target}`));
  await page.goto('/settings');
  await page.getByLabel('Potassium: Comment above (HI)').waitFor({ timeout: 30_000 });
  found.push(...(await axeFindings(page)).map((f) => `settings: ${f.rule} at ${f.target}`));
  expect(found).toEqual([]);
});
