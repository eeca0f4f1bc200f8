import fs from 'node:fs';
import { CONTRACT_MESSAGES } from '../../../shared/api/contracts';
import { VIAL_MESSAGES } from '../../../shared/api/vials';
import { parseDif } from '../../../shared/vial/dif';
import { registerFixtureVials, uploadFixture } from '../../../testing/records';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests();

const toast = (text: string) => e2e.page.getByText(text, { exact: true }).first();
const pdf = (text: string) => ({
  name: `${text}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
});

it('staff create a contract with two PDFs, edit it and delete a file', async () => {
  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Manage Contracts' }).click();
  await e2e.page.waitForURL((url) => url.pathname === '/contracts');
  await e2e.page.getByText('No Rows Found').waitFor({ timeout: 30_000 });
  await e2e.page.getByRole('button', { name: 'Add Contract' }).click();
  await e2e.page.getByRole('heading', { name: 'Create New Contract' }).waitFor();

  // The spec's messages on an empty form.
  await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();
  for (const message of [
    CONTRACT_MESSAGES.organizationRequired,
    CONTRACT_MESSAGES.titleRequired,
    CONTRACT_MESSAGES.startRequired,
    CONTRACT_MESSAGES.endRequired,
  ])
    await e2e.page.getByText(message).waitFor();

  const createForm = e2e.page.getByRole('form', { name: 'Create New Contract' });
  await createForm.getByRole('combobox', { name: 'Organization' }).click();
  await e2e.page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  await createForm.getByRole('textbox', { name: 'Title' }).fill('Monitoring 2026');
  await e2e.page.getByLabel('Start Date').fill('2026-01-01');
  await e2e.page.getByLabel('End Date').fill('2025-12-31');
  await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();
  await e2e.page.getByText(CONTRACT_MESSAGES.endBeforeStart).waitFor();
  await e2e.page.getByLabel('End Date').fill('2026-12-31');
  await e2e.page.getByRole('textbox', { name: 'Notes' }).fill('Signed at the kickoff.');
  await e2e.page.getByText(`22/10000`).waitFor();
  await e2e.page.getByLabel('PDF files').setInputFiles([pdf('signed'), pdf('annex')]);
  await e2e.page.getByText('annex.pdf').waitFor();
  await screenshot(e2e.page, 'contract-create');
  await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();

  await toast(CONTRACT_MESSAGES.created).waitFor();
  await e2e.page.waitForURL(/\/contracts\/\d+\/edit$/);
  await e2e.page.getByRole('heading', { name: 'Update Contract' }).waitFor();
  const files = e2e.page.getByRole('list', { name: 'Contract files' });
  await files.getByText('signed.pdf').waitFor();
  await files.getByText('annex.pdf').waitFor();
  const editForm = e2e.page.getByRole('form', { name: 'Update Contract' });
  expect(
    await editForm.getByRole('combobox', { name: 'Organization' }).getAttribute('aria-disabled'),
  ).toBe('true');

  // Edit: an open contract, a new status.
  await editForm.getByRole('textbox', { name: 'Title' }).fill('Monitoring 2026 (open)');
  await e2e.page.getByLabel('Open Contract').check();
  expect(await e2e.page.getByLabel('End Date').isDisabled()).toBe(true);
  await editForm.getByRole('combobox', { name: 'Status' }).click();
  await e2e.page.getByRole('option', { name: 'In Negotiation' }).click();
  await e2e.page.getByRole('button', { name: 'Update', exact: true }).click();
  await toast(CONTRACT_MESSAGES.updated).waitFor();

  // Download one file, delete the other.
  const [download] = await Promise.all([
    e2e.page.waitForEvent('download'),
    e2e.page.getByRole('button', { name: 'Download signed.pdf' }).click(),
  ]);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await e2e.page.getByRole('button', { name: 'Delete annex.pdf' }).click();
  const confirm = e2e.page.getByRole('dialog');
  await confirm.getByText(CONTRACT_MESSAGES.deleteFilesWarning).waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(CONTRACT_MESSAGES.filesDeleted).waitFor();
  await files.getByText('annex.pdf').waitFor({ state: 'detached' });
  // The confirmation fades out over the form; a click before it is gone lands on it.
  await confirm.waitFor({ state: 'detached' });
  await screenshot(e2e.page, 'contract-edit');

  await e2e.page.getByRole('button', { name: 'Cancel' }).click();
  await e2e.page.waitForURL((url) => url.pathname === '/contracts');
  const row = e2e.page.getByRole('row', { name: /Monitoring 2026 \(open\)/ });
  await row.getByText('In Negotiation', { exact: true }).waitFor();
  await row.getByText('Open', { exact: true }).waitFor();
  await screenshot(e2e.page, 'contracts');
});

/** Opens the create form of /contracts/add and fills in an open contract of the hospital. */
async function fillOpenContract(title: string, startDate: string) {
  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.goto('/contracts/add');
  const form = e2e.page.getByRole('form', { name: 'Create New Contract' });
  await form.getByRole('combobox', { name: 'Organization' }).click();
  await e2e.page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await e2e.page.getByLabel('Start Date').fill(startDate);
  await e2e.page.getByLabel('Open Contract').check();
}

it('saves a contract that starts next year again, with a PDF attached on the edit form', async () => {
  const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
  await fillOpenContract('Starts next year', nextYear);
  await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();
  await toast(CONTRACT_MESSAGES.created).waitFor();
  await e2e.page.getByRole('heading', { name: 'Update Contract' }).waitFor();

  await e2e.page.getByLabel('PDF files').setInputFiles([pdf('terms')]);
  await e2e.page.getByRole('button', { name: 'Update', exact: true }).click();
  await toast(CONTRACT_MESSAGES.updated).waitFor();
  await e2e.page.getByRole('list', { name: 'Contract files' }).getByText('terms.pdf').waitFor();
  // A start in the future is never Customer Since, so nothing blocks the save.
  expect(await e2e.page.getByLabel('Customer Since').inputValue()).not.toBe(nextYear);
  await screenshot(e2e.page, 'contract-future-start-saved');
});

it('creates nothing when a picked file is not a PDF, and says so once', async () => {
  await fillOpenContract('Refused file', '2025-06-01');
  await e2e.page
    .getByLabel('PDF files')
    .setInputFiles([
      pdf('signed'),
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') },
    ]);
  await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();

  const refused = `${CONTRACT_MESSAGES.pdfOnly} (scan.pdf)`;
  await toast(`${CONTRACT_MESSAGES.createFailed}: ${refused}`).waitFor();
  await e2e.page.getByText(refused, { exact: true }).waitFor();
  expect(await toast(CONTRACT_MESSAGES.created).count()).toBe(0);
  expect(await toast(CONTRACT_MESSAGES.uploadFailed).count()).toBe(0);
  expect(new URL(e2e.page.url()).pathname).toBe('/contracts/add');
  const staff = await e2e.server.login('staff@example.org');
  const list = await staff.get('/v2/contracts?title__icontains=Refused');
  expect(list.body.total).toBe(0);
  await screenshot(e2e.page, 'contract-refused-file');
});

it('staff register a vial, generate and download its DIF file, and delete it by typing its label', async () => {
  const staff = await e2e.server.login('staff@example.org');
  const member = await e2e.server.login('member@example.org');
  const { hospital } = await e2e.server.demoInstitutes();
  const uuids = await registerFixtureVials(staff, hospital);
  await uploadFixture(member, hospital, 'drive-1/DATA/RUN00001.DAT', uuids.get('VV-1007')!);

  await loginAs(e2e.page, 'staff@example.org');
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Manage Vials' }).click();
  await e2e.page.waitForURL((url) => url.pathname === '/vials');
  await e2e.page.getByRole('row', { name: /VV-1007/ }).waitFor({ timeout: 30_000 });

  await e2e.page.getByRole('button', { name: 'Create Vial' }).click();
  const dialog = e2e.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('Label is required.').waitFor();
  await dialog.getByText('Version is required.').waitFor();
  await dialog.getByRole('textbox', { name: 'Label' }).fill('VV-5001');
  await dialog.getByRole('combobox', { name: 'Version' }).click();
  await e2e.page.getByRole('option', { name: 'VV3' }).click();
  await dialog.getByRole('combobox', { name: 'Organization' }).click();
  await e2e.page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(VIAL_MESSAGES.created).waitFor();
  const row = e2e.page.getByRole('row', { name: /VV-5001/ });
  await row.getByText('Active').waitFor();
  expect((await staff.get('/v2/vials/VV-5001')).body).toMatchObject({
    version: 'VV3',
    institute: hospital,
    notes: null,
  });

  // The DIF file of the vial with an upload: none first, then generated and downloaded.
  await e2e.page.getByRole('button', { name: 'Download DIF file of VV-1007' }).click();
  await toast(VIAL_MESSAGES.noDif).waitFor();
  // The list refreshes with the new diff_file_url after the file is generated.
  await Promise.all([
    e2e.page.waitForResponse((r) => /\/v2\/vials\?/.test(r.url()) && r.ok()),
    e2e.page.getByRole('button', { name: 'Generate DIF file of VV-1007' }).click(),
  ]);
  await toast(VIAL_MESSAGES.difGenerated).waitFor();
  const [download] = await Promise.all([
    e2e.page.waitForEvent('download'),
    e2e.page.getByRole('button', { name: 'Download DIF file of VV-1007' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^VV-1007-DIF-.*\.csv$/);
  const dif = parseDif(fs.readFileSync(await download.path(), 'utf8'));
  expect(dif.label).toBe('VV-1007');
  expect(dif.rows.map((r) => r.file_name)).toEqual(['RUN00001.DAT']);
  await screenshot(e2e.page, 'vials');

  // Delete (retire) by typing the label exactly.
  await row.getByRole('button', { name: 'Delete VV-5001' }).click();
  const confirm = e2e.page.getByRole('dialog');
  const deleteButton = confirm.getByRole('button', { name: 'Delete' });
  await confirm.getByRole('textbox', { name: 'Vial label' }).fill('VV-500');
  expect(await deleteButton.isDisabled()).toBe(true);
  await confirm.getByRole('textbox', { name: 'Vial label' }).fill('VV-5001');
  await deleteButton.click();
  await toast(VIAL_MESSAGES.deleted).waitFor();
  await row.getByText('Retired').waitFor();
  expect((await staff.get('/v2/vials/VV-5001')).body.is_deleted).toBe(true);
});

it('lets an admin retire a vial of their organization from Settings; members see no vials there', async () => {
  const staff = await e2e.server.login('staff@example.org');
  const { hospital, courier } = await e2e.server.demoInstitutes();
  for (const [label, institute] of [
    ['VV-6001', hospital],
    ['VV-6002', courier],
  ] as const) {
    expect((await staff.post('/v2/vials', { label, version: 'VV3', institute })).status).toBe(201);
  }

  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.goto('/settings');
  const vials = e2e.page.getByRole('grid', { name: 'Vials' });
  const row = vials.getByRole('row', { name: /VV-6001/ });
  await row.getByText('Active').waitFor();
  // Only the selected organization's vials.
  expect(await vials.getByRole('row', { name: /VV-6002/ }).count()).toBe(0);
  await row.getByRole('button', { name: 'Delete VV-6001' }).click();
  const confirm = e2e.page.getByRole('dialog');
  await confirm.getByRole('textbox', { name: 'Vial label' }).fill('VV-6001');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(VIAL_MESSAGES.deleted).waitFor();
  await row.getByText('Retired').waitFor();
  expect(await row.getByRole('button', { name: 'Delete VV-6001' }).isDisabled()).toBe(true);
  await screenshot(e2e.page, 'settings-vials');
  expect((await staff.get('/v2/vials/VV-6001')).body.is_deleted).toBe(true);
  expect((await staff.get('/v2/vials/VV-6002')).body.is_deleted).toBe(false);

  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs(e2e.page, 'member@example.org');
  await e2e.page.goto('/settings');
  await e2e.page.getByRole('region', { name: 'Vitals (Coming Soon)' }).waitFor();
  expect(await e2e.page.getByRole('grid', { name: 'Vials' }).count()).toBe(0);
});

it('hides both screens from everyone but staff', async () => {
  await loginAs(e2e.page, 'owner@example.org');
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  await e2e.page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
  expect(await e2e.page.getByRole('menuitem', { name: 'Manage Contracts' }).count()).toBe(0);
  expect(await e2e.page.getByRole('menuitem', { name: 'Manage Vials' }).count()).toBe(0);
  await e2e.page.keyboard.press('Escape');
  await e2e.page.goto('/contracts');
  await e2e.page.waitForURL((url) => url.pathname === '/dashboard');
});
