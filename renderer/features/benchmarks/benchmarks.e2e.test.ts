import {
  lastEndedQuarter,
  quarterEdges,
  shiftQuarter,
} from '../../../shared/benchmarking/quarters';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { openChartSvg, svgBoxes } from '../../../testing/chart-svg';
import type { ApiClient } from '../../../testing/http';
import { pressUntil } from '../../../testing/keyboard';
import { insertProcessedRecords } from '../../../testing/lines';

// The demo accounts only: the peers, their lines and records are made here, through the API.
const e2e = setUpBrowserTests();
let staff: ApiClient;
let hospital: number;

const ZONE = 'Europe/London';
const WITHHELD = 'Not shown: too few organizations, or figures that could single one out.';
/** The hospital's lines: one of 300–999 m, one under 300 m (alone in its class: withheld). */
const OWN = [
  { name: 'Pharmacy tube', length: 450, manufacturer: 'Swisslog', auc: 380 },
  { name: 'Short ward tube', length: 120, manufacturer: 'Aerocom', auc: 290 },
];
const PEERS = ['Peer Alpha Clinic', 'Peer Bravo Infirmary', 'Peer Charlie Hospital', 'Peer Delta'];
const PEER_LINE = (i: number) => `Secret peer line ${i}`;

/** Seven records a line in the last quarter that has ended (the screen's default quarter). */
async function records(instituteId: number, lineId: number, auc: number) {
  const { start } = quarterEdges(lastEndedQuarter(Date.now(), ZONE), ZONE);
  await insertProcessedRecords(
    e2e.server.ctx.db,
    instituteId,
    lineId,
    Array.from({ length: 7 }, (_, d) => ({
      auc: auc + d,
      date: new Date(start.getTime() + (d + 2) * 86_400_000),
    })),
  );
}

async function line(
  client: ApiClient,
  instituteId: number,
  body: { name: string; length: number; manufacturer: string },
) {
  const created = await client.post(`/v2/institutes/${instituteId}/lines`, body);
  expect(created.status).toBe(201);
  return created.body.id as number;
}

beforeAll(async () => {
  staff = await e2e.server.login('staff@example.org');
  const owner = await e2e.server.login('owner@example.org');
  hospital = (await owner.get('/v2/auth/account')).body.default_institute;
  for (const own of OWN) {
    await records(hospital, await line(owner, hospital, own), own.auc);
  }
  for (const [i, name] of PEERS.entries()) {
    const peer = await staff.post('/v2/institutes', { name, metadata_type: 'pts', timezone: ZONE });
    expect(peer.status).toBe(201);
    const id = await line(staff, peer.body.id, {
      name: PEER_LINE(i),
      length: 500 + 100 * i,
      manufacturer: 'Swisslog',
    });
    await records(peer.body.id, id, 300 + 40 * i);
    expect(
      (await staff.put(`/v2/institutes/${peer.body.id}/benchmarking`, { opt_in: true })).status,
    ).toBe(200);
  }
}, 120_000);

it('lets an owner switch it on, then shows a member the PTS group with their lines marked and the withheld groups', async () => {
  const page = e2e.page;
  await loginAs(page, 'owner@example.org');
  await page.getByRole('tab', { name: 'Benchmarks' }).click();
  await page.getByRole('heading', { name: 'Peer Benchmarking', level: 1 }).waitFor();
  await page.getByText('Each quarter, the median VitalMetric', { exact: false }).waitFor();
  await page.getByLabel('Take part in peer benchmarking').click();
  await page.getByText('Peer benchmarking switched on').waitFor();

  await loginAs(page, 'member@example.org');
  await page.goto('/benchmarks');
  const shown = page.getByRole('region', { name: 'All PTS lines' });
  await shown.getByRole('img').first().waitFor({ timeout: 30_000 });
  await page.getByText('PTS lines 300–999 m', { exact: true }).waitFor();
  expect(await page.getByText(WITHHELD).count()).toBeGreaterThan(0);
  await page.getByRole('table', { name: 'Line compared' }).waitFor();
  for (const own of OWN) {
    await page.getByRole('cell', { name: own.name, exact: true }).waitFor();
  }
  await screenshot(page, 'benchmarks');

  // The default quarter has ended; the current one is provisional.
  const quarter = lastEndedQuarter(Date.now(), ZONE);
  expect(await page.getByText('Provisional: this quarter is not over.').count()).toBe(0);
  // By keyboard: the current quarter is the first of the picker's list.
  await pressUntil(page, 'Tab', (f) => f.role === 'combobox' && f.name === quarter);
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: shiftQuarter(quarter, 1) }).waitFor();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.getByText('Provisional: this quarter is not over.').waitFor();
  await page.getByText('No line has 6 records in this quarter yet.').waitFor();
  await page.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: quarter }).click();
  await shown.getByRole('img').first().waitFor();

  // Never another organization's name or line anywhere on the screen.
  const text = await page.locator('body').innerText();
  for (const [i, name] of PEERS.entries()) {
    expect(text).not.toContain(name);
    expect(text).not.toContain(PEER_LINE(i));
  }

  // The own lines are the labelled markers of the group's distribution.
  await openChartSvg(page, shown);
  const labels = (await svgBoxes(page, 'text')).map((b) => b.text);
  for (const own of OWN) expect(labels).toContain(own.name);
  for (const i of PEERS.keys()) expect(labels).not.toContain(PEER_LINE(i));
}, 120_000);

it('gives staff the overview with every participant and the reasons', async () => {
  const page = e2e.page;
  await loginAs(page, 'staff@example.org');
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Benchmarking Overview' }).click();
  await page.getByRole('heading', { name: 'Peer Benchmarking Overview', level: 1 }).waitFor();
  const participants = page.getByRole('table', { name: 'Participants' });
  for (const name of PEERS) await participants.getByRole('cell', { name }).waitFor();
  const groups = page.getByRole('table', { name: 'Groups' });
  await groups.getByRole('cell', { name: 'All PTS lines' }).waitFor();
  await groups.getByRole('cell', { name: 'Too few organizations' }).first().waitFor();
});

it('tells a member of an organization that does not take part whom to ask', async () => {
  await staff.put(`/v2/institutes/${hospital}/benchmarking`, { opt_in: false });
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto('/benchmarks');
  await page
    .getByText('Ask an owner or admin of your organization to switch on peer benchmarking.')
    .waitFor();
  expect(await page.getByLabel('Take part in peer benchmarking').count()).toBe(0);
});
