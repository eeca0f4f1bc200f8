import { axeFindings, prepareAxe } from '../../../testing/axe';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import type { ApiClient } from '../../../testing/http';
import { pressUntil } from '../../../testing/keyboard';

// The demo accounts only; every message, line and mapping is made through the API.
const e2e = setUpBrowserTests();
let admin: ApiClient;
let member: ApiClient;
let hospital: number;

const oru = (id: string, obx: string) =>
  [
    `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250301120000+0100||ORU^R01|${id}|P|2.5.1`,
    'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta',
    'PV1|1|E|AKUT',
    `OBR|1||S-${id}|KEM^Klinisk kemi^L|||20250301113000+0100`,
    obx,
  ].join('\r');

async function send(text: string) {
  const res = await member.request<string>('POST', `/v2/institutes/${hospital}/lab-feed/hl7`, {
    body: text,
    headers: { 'Content-Type': 'application/hl7-v2+er7' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  admin = await e2e.server.login('admin@example.org');
  member = await e2e.server.login('member@example.org');
  hospital = (await member.get('/v2/auth/account')).body.default_institute;
  await e2e.server.ctx.db.query(
    `UPDATE institutes SET feature_flags = '{"hemolysisTracking": true}' WHERE id = $1`,
    [hospital],
  );
  const line = (await admin.post(`/v2/institutes/${hospital}/lines`, { name: 'Akutmottagning' }))
    .body.id;
  expect(
    (await admin.post(`/v2/institutes/${hospital}/lab-feed/locations`, { code: 'AKUT', line }))
      .status,
  ).toBe(201);
  expect(
    (
      await admin.post(`/v2/institutes/${hospital}/lab-feed/codes`, {
        system: 'L',
        code: 'HI',
        analyte: 'h_index',
      })
    ).status,
  ).toBe(201);
  expect(await send(oru('E2E-1', 'OBX|1|NM|HI^Hemolysindex^L||35|mg/dL|||||F'))).toContain(
    'MSA|AA|E2E-1',
  );
  expect(await send(oru('E2E-2', 'OBX|1|NM|FHB^Fritt Hb^L||12|mg/dL|||||F'))).toContain(
    'MSA|AA|E2E-2',
  );
  expect(await send(oru('E2E-3', 'OBX|1|NM|HI^Hemolysindex^L||-3|mg/dL|||||F'))).toContain(
    'MSA|AE|E2E-3',
  );
});

it('shows the status, maps a result code in place, warns on deleting it and retries a message', async () => {
  const page = e2e.page;
  await loginAs(page, 'admin@example.org');
  await page.getByRole('tab', { name: 'Lab Feed' }).click();
  await page.getByRole('heading', { name: 'Connect your laboratory system' }).waitFor();
  await page
    .getByLabel('Bridge command')
    .getByText(/npm run feed/)
    .waitFor();
  await page
    .getByLabel('HTTPS address')
    .getByText(`/v2/institutes/${hospital}/lab-feed/hl7`)
    .waitFor();
  await page.getByRole('grid', { name: 'Messages of the last 14 days' }).waitFor();
  await page.getByText(/Last error, .*negative_value/).waitFor();
  await screenshot(page, 'lab-feed-status');

  await page.getByRole('tab', { name: 'Needs mapping' }).click();
  await page.getByRole('cell', { name: 'L FHB (Fritt Hb)', exact: true }).waitFor();
  // The analyte is chosen with the keyboard.
  await page
    .getByRole('row', { name: /L FHB \(Fritt Hb\)/ })
    .getByRole('combobox', { name: 'Analyte' })
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Free haemoglobin' }).click();
  const map = await pressUntil(page, 'Tab', (f) => f.name === 'Map L FHB (Fritt Hb)');
  expect(map.ring.style).toBe('solid');
  await page.keyboard.press('Enter');
  await page.getByText('Mapped: 1 result filed').waitFor();
  await page.getByText('Nothing needs mapping.').waitFor();

  await page.getByRole('tab', { name: 'Mappings' }).click();
  await page.getByRole('button', { name: 'Delete the mapping of L FHB' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete mapping' });
  await dialog.getByText('Results from FHB will wait in Needs mapping again.').waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Needs mapping' }).click();
  await page.getByRole('cell', { name: 'L FHB (Fritt Hb)', exact: true }).waitFor();

  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.getByRole('button', { name: 'Retry message E2E-3' }).click();
  await page.getByText('Still rejected: OBX 1: the value -3 is negative.').waitFor();
  await screenshot(page, 'lab-feed-messages');
});

it('shows members no mapping controls, and passes axe on every view', async () => {
  const page = e2e.page;
  await prepareAxe(page);
  await loginAs(page, 'member@example.org');
  const found: string[] = [];
  const views = [
    ['', 'Status'],
    ['/needs-mapping', 'Needs mapping'],
    ['/mappings', 'Mappings'],
    ['/messages', 'Messages'],
  ];
  for (const [view, tab] of views) {
    await page.goto(`/lab-feed${view}`);
    // The main tab 'Lab Feed' is selected too: wait for this view's own tab.
    await page.getByRole('tab', { name: tab, selected: true, exact: true }).waitFor();
    await page.getByText('Retrieving Data...').first().waitFor({ state: 'detached' });
    found.push(...(await axeFindings(page)).map((f) => `${view}: ${f.rule} at ${f.target}`));
  }
  expect(found).toEqual([]);
  await page.goto('/lab-feed/needs-mapping');
  await page.getByRole('cell', { name: 'L FHB (Fritt Hb)', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: /^Map / }).count()).toBe(0);
});
