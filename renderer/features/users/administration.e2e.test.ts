import {
  loginAs,
  pathOf,
  screenshot,
  setUpBrowserTests,
  waitForValue,
} from '../../../testing/browser';

const e2e = setUpBrowserTests({
  support: { email: 'help@provider.example', phone: '+44 20 7946 0000', address: null },
});

const toast = (text: string) => e2e.page.locator('#notistack-snackbar', { hasText: text });
const menuItems = async () => {
  await e2e.page.getByRole('button', { name: 'Settings menu' }).click();
  const items = await e2e.page.getByRole('menuitem').allTextContents();
  await e2e.page.keyboard.press('Escape');
  // The menu fades out: until it is gone its items are still there to be found and clicked.
  await e2e.page.getByRole('menu').waitFor({ state: 'detached' });
  return items;
};

it('lets staff create an organization and invite a user, who registers and sees only it', async () => {
  const { page, server } = e2e;
  await loginAs(page, 'staff@example.org');
  expect(await menuItems()).toEqual([
    'Manage Organizations',
    'Manage Users',
    'Manage Contracts',
    'Manage Vials',
    'Rejection Calculator',
    'Audit Log',
    'Benchmarking Overview',
    'Account Settings',
    'Logout',
  ]);
  await page.goto('/organizations');
  await page.getByRole('gridcell', { name: 'Northfield General Hospital', exact: true }).waitFor();
  for (const header of ['Name', 'Partner ID', 'Relationship', 'Subscription']) {
    await page.getByRole('columnheader', { name: header }).waitFor();
  }

  // The dialog's rules, then a valid organization.
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByLabel('Partner ID').fill('x'.repeat(81));
  await dialog.getByLabel('Total Lines').fill('many');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('Name is required.').waitFor();
  await dialog.getByText('Partner ID is too long.').waitFor();
  await dialog.getByText('Total lines must be a whole number.').waitFor();
  await dialog.getByLabel('Name').fill('x'.repeat(81));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('Name is too long.').waitFor();
  await dialog.getByLabel('Name').fill('Harbour Labs');
  await dialog.getByLabel('Partner ID').fill('HL-7');
  await dialog.getByLabel('Total Lines').fill('');
  await dialog.getByLabel('Use defaults').uncheck();
  await dialog.getByLabel('Clinical Data').check();
  await screenshot(page, 'organization-create');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast('Organization created').waitFor();
  await page.getByRole('gridcell', { name: 'Harbour Labs', exact: true }).waitFor();
  const staffApi = await server.login('staff@example.org');
  const created = (await staffApi.get('/v2/institutes?search_string=Harbour')).body.items[0];
  expect(created).toMatchObject({
    partner_id: 'HL-7',
    total_lines: null,
    has_feature_flags: true,
    feature_flags: { clinicalData: true },
  });

  // Search; 'No Organizations' when nothing matches.
  await page.getByLabel('Search').fill('zzz-nothing');
  await page.getByText('No Organizations').waitFor();
  await page.getByLabel('Search').fill('');

  // The user form: every rule of section 5, then an invitation.
  await page.goto('/users');
  await page.getByLabel('Search by Email/Fist Name/Last Name').fill('member');
  await page.getByRole('gridcell', { name: 'member@example.org', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Add User' }).click();
  await page.waitForURL('**/users/create');
  await page.getByRole('button', { name: 'Create User' }).click();
  for (const msg of [
    "Email can't be empty",
    "First Name can't be empty",
    "Last Name can't be empty",
    'Select at least one organization',
    'Default Organization is required',
  ]) {
    await page.getByText(msg).waitFor();
  }
  expect(await page.getByLabel('Active').isChecked()).toBe(true);
  await page.getByLabel('Email').fill('harbour.tech@example.org');
  await page.getByLabel('First Name').fill('Hana');
  await page.getByLabel('Last Name').fill('Bor');
  await page.getByLabel('Organizations').fill('Harbour');
  await page.getByRole('option', { name: 'Harbour Labs' }).click();
  await page.getByLabel('Organizations').fill('North');
  await page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  await page.getByLabel('Default Organization').click();
  await page.getByRole('option', { name: 'Northfield General Hospital' }).click();
  // Removing the default organization clears it.
  await page.getByRole('button', { name: 'Northfield General Hospital' }).locator('svg').click();
  await page.getByRole('button', { name: 'Create User' }).click();
  await page.getByText('Default Organization is required').waitFor();
  await page.getByLabel('Default Organization').click();
  await page.getByRole('option', { name: 'Harbour Labs' }).click();
  await screenshot(page, 'user-create');
  await page.getByRole('button', { name: 'Create User' }).click();
  await toast('User created successfully').waitFor();
  await page.waitForURL((url) => url.pathname === '/users');

  // The invited user registers from the e-mailed link and sees only that organization.
  const link = server.mail.linkTo('harbour.tech@example.org');
  expect(new URL(link).pathname).toMatch(/^\/Register\//);
  const invited = await e2e.browser.newContext({ baseURL: server.url });
  const newcomer = await invited.newPage();
  await newcomer.goto(pathOf(link));
  await waitForValue(newcomer.getByLabel('E-mail'), 'harbour.tech@example.org');
  await newcomer.getByLabel('First Name').fill('Hana');
  await newcomer.getByLabel('Last Name').fill('Bor');
  await newcomer.getByLabel('Password', { exact: true }).fill('harbour-pass');
  await newcomer.getByLabel('Confirm Password').fill('harbour-pass');
  await newcomer.getByRole('button', { name: 'Register' }).click();
  await newcomer.waitForURL('**/login**');
  await loginAs(newcomer, 'harbour.tech@example.org', 'harbour-pass');
  const organization = newcomer.getByRole('combobox', { name: 'Organization' });
  await waitForValue(organization, 'Harbour Labs');
  // One organization: the selector has nothing to switch to.
  expect(await organization.getAttribute('readonly')).not.toBeNull();
  const me = await server.login('harbour.tech@example.org', 'harbour-pass');
  expect((await me.get('/v2/institutes')).body.items.map((i: { name: string }) => i.name)).toEqual([
    'Harbour Labs',
  ]);
  await invited.close();
});

it("lets an owner edit their organization's settings without the staff fields", async () => {
  const { page } = e2e;
  await loginAs(page, 'owner@example.org');
  expect(await menuItems()).toEqual([
    'Manage Organizations',
    'Audit Log',
    'Account Settings',
    'Contact Us',
    'Logout',
  ]);
  await page.goto('/organizations');
  await page.getByRole('gridcell', { name: 'Northfield General Hospital', exact: true }).waitFor();
  expect(await page.getByRole('columnheader').allTextContents()).toEqual([
    'Name',
    'Partner ID',
    'Actions',
  ]);
  expect(await page.getByRole('button', { name: 'Add Organization' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Settings of Northfield General Hospital' }).click();
  await page.waitForURL(/\/organization\/\d+\/settings$/);
  const name = page.getByLabel('Name');
  await waitForValue(name, 'Northfield General Hospital');
  for (const staffOnly of ['Partner ID', 'Metadata Type', 'Relationship', 'Subscription']) {
    expect(await page.getByLabel(staffOnly).count()).toBe(0);
  }
  expect(await page.getByText('Feature Flags').count()).toBe(0);
  await name.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Name is required.').waitFor();
  await name.fill('Northfield General Hospital');
  await page.getByLabel('Total Lines').fill('14');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast('Changes saved').waitFor();
  await screenshot(page, 'organization-settings-owner');

  await page.getByRole('tab', { name: 'Uploads' }).click();
  await page.getByText('Runs uploaded').waitFor();
  await page.getByText('No uploads yet').waitFor();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('gridcell', { name: 'member@example.org', exact: true }).waitFor();

  // Users section of Settings: own row has no resend or delete; registered users show Verified.
  await page.goto('/settings');
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByRole('gridcell', { name: 'owner@example.org', exact: true }).waitFor();
  expect(await users.getByRole('button', { name: 'Delete owner@example.org' }).count()).toBe(0);
  expect(await users.getByText('Verified').count()).toBeGreaterThan(0);
  await users.getByRole('button', { name: 'Add User' }).click();
  const invite = page.getByRole('dialog', { name: 'Add User' });
  await invite.getByRole('button', { name: 'Send Invite' }).click();
  await invite.getByText('Please enter your e-mail.').waitFor();
  await invite.getByLabel('Email').fill('not-an-address');
  await invite.getByRole('button', { name: 'Send Invite' }).click();
  await invite.getByText('Please enter a valid e-mail address').waitFor();
  await invite.getByLabel('Email').fill('owner.invite@example.org');
  await invite.getByRole('button', { name: 'Send Invite' }).click();
  await toast('User created successfully').waitFor();
  await users.getByRole('button', { name: 'Resend Invite to owner.invite@example.org' }).click();
  await toast('Invite resent successfully').waitFor();
  await users.getByRole('button', { name: 'Revoke Access of owner.invite@example.org' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Access' })
    .getByRole('button', { name: 'Revoke Access' })
    .click();
  await toast('User access revoked successfully').waitFor();
  await users
    .getByRole('gridcell', { name: 'owner.invite@example.org', exact: true })
    .waitFor({ state: 'detached' });
});

it('offers an admin editing a user only the roles the server accepts from an admin', async () => {
  await loginAs(e2e.page, 'admin@example.org');
  await e2e.page.getByRole('tab', { name: 'Settings' }).click();
  await e2e.page.getByRole('link', { name: 'Edit member@example.org' }).click();
  const form = e2e.page.getByRole('form', { name: 'Edit User' });
  await form.getByRole('combobox', { name: 'Role' }).click();
  expect(await e2e.page.getByRole('option').allTextContents()).toEqual([
    'Admin',
    'Member',
    'Guest',
  ]);
  await screenshot(e2e.page, 'user-edit-roles-admin');
});

it("shows a member Contact Us, and the message arrives at the provider's support address", async () => {
  const { page, server } = e2e;
  await loginAs(page, 'member@example.org');
  expect(await menuItems()).toEqual(['Account Settings', 'Contact Us', 'Logout']);
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Contact Us' }).click();
  await page.waitForURL('**/support/contact');
  await page.getByText('help@provider.example').waitFor();
  await page.getByText('+44 20 7946 0000').waitFor();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('A subject is required.').waitFor();
  await page.getByText('A message is required.').waitFor();
  await page.getByLabel('Subject').fill('Trouble with a vial');
  await page.getByRole('textbox', { name: 'Message' }).fill('VV-1007 blinks red.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page
    .getByRole('region', { name: 'Send us a message' })
    .getByText('Your message has been sent.')
    .waitFor();
  await screenshot(page, 'contact-us');
  const mail = server.mail.lastTo('help@provider.example')!;
  expect(mail.subject).toBe('[VialQC support] Trouble with a vial');
  expect(mail.body).toContain('VV-1007 blinks red.');

  // Staff-only screens send a member to the dashboard.
  for (const path of ['/users', '/organizations', '/users/create']) {
    await page.goto(path);
    await page.waitForURL('**/dashboard');
  }
});

it('refuses Contact Us to guests', async () => {
  const { page } = e2e;
  await loginAs(page, 'guest@example.org');
  expect(await menuItems()).toEqual(['Account Settings', 'Logout']);
  await page.goto('/support/contact');
  await page.waitForURL('**/dashboard');
});

it.each(['member', 'guest'])(
  "shows a %s the organization's users on Settings, without their management",
  async (who) => {
    const { page } = e2e;
    await loginAs(page, `${who}@example.org`);
    await page.goto('/settings');
    const users = page.getByRole('region', { name: 'Users' });
    for (const email of ['owner@example.org', 'member@example.org', 'guest@example.org']) {
      await users.getByRole('gridcell', { name: email, exact: true }).waitFor();
    }
    for (const header of ['Email', 'First Name', 'Last Name', 'Role']) {
      await users.getByRole('columnheader', { name: header }).waitFor();
    }
    for (const header of ['Email Status', 'Access Management']) {
      expect(await users.getByRole('columnheader', { name: header }).count()).toBe(0);
    }
    expect(await users.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await users.getByRole('button', { name: /^(Edit|Revoke|Delete|Resend)/ }).count()).toBe(
      0,
    );
    await screenshot(page, `settings-users-${who}`);
  },
);

it('names the user in the confirmations of Revoke Access and Delete, and Cancel changes nothing', async () => {
  await loginAs(e2e.page, 'owner@example.org');
  await e2e.page.goto('/settings');
  const users = e2e.page.getByRole('grid', { name: 'Users' });
  for (const [button, title, text] of [
    [
      'Revoke Access of member@example.org',
      'Revoke Access',
      'Remove the access of Maria Member (member@example.org) to this organization? This also ' +
        'revokes their personal access tokens for this organization.',
    ],
    [
      'Delete member@example.org',
      'Delete User',
      'Delete Maria Member (member@example.org)? This cannot be undone.',
    ],
  ]) {
    await users.getByRole('button', { name: button }).click();
    const dialog = e2e.page.getByRole('dialog', { name: title });
    await dialog.getByText(text).waitFor();
    if (title === 'Delete User') await screenshot(e2e.page, 'user-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await users.getByRole('gridcell', { name: 'member@example.org', exact: true }).waitFor();
});
