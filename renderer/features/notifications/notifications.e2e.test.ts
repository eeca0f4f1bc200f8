import type { Page } from 'playwright-core';
import { loginAs, screenshot, setUpBrowserTests, waitForValue } from '../../../testing/browser';
import { focused, pressUntil } from '../../../testing/keyboard';
import { instituteIds } from '../../../testing/lines';

const e2e = setUpBrowserTests();

/** The member's notifications as processing and the jobs would have written them, newest first. */
const UNREAD = [
  { kind: 'event_opened', title: 'Line 2: 2_2s alarm opened', link: '/records', hoursAgo: 1 },
  { kind: 'processing_failed', title: 'A run of VV-1007 failed', link: '/lines', hoursAgo: 2 },
  { kind: 'validation_ready', title: 'Spring validation is ready', link: '/labels', hoursAgo: 3 },
];
const READ = {
  kind: 'vial_silent',
  title: 'VV-1009 has not uploaded',
  link: '/lines',
  hoursAgo: 30,
};
const TITLES = [...UNREAD, READ].map((n) => n.title);

beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const insert = (email: string, n: (typeof UNREAD)[number], read: boolean) =>
    db.query(
      `INSERT INTO notifications (user_id, institute_id, kind, title, link, created_at, read_at)
       SELECT id, $2, $3, $4, $5, now() - make_interval(hours => $6),
              CASE WHEN $7 THEN now() END
       FROM users WHERE email = $1`,
      [email, hospital, n.kind, n.title, n.link, n.hoursAgo, read],
    );
  for (const n of UNREAD) await insert('member@example.org', n, false);
  await insert('member@example.org', READ, true);
  // Someone else's: never on the member's bell.
  await insert('admin@example.org', { ...READ, title: 'Not the member’s' }, false);
});

const bellOf = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const linksOf = (page: Page) =>
  panelOf(page).getByRole('list', { name: 'Newest notifications' }).getByRole('link');

const unreadLinks = (page: Page) => linksOf(page).filter({ hasText: 'Unread: ' });

/** Each link's notification, by its title, and whether it reads as unread. */
async function listed(page: Page) {
  const texts = await linksOf(page).allTextContents();
  return texts.map((text) => ({
    title: TITLES.find((title) => text.includes(title)),
    unread: text.startsWith('Unread: '),
  }));
}

it('counts the unread, lists them newest first, and marks them read as they are followed', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');

  // The count on the bell, in its name too.
  const bell = bellOf(page, 'Notifications, 3 unread');
  await bell.waitFor();
  await bell.click();
  await linksOf(page).nth(3).waitFor();
  expect(await listed(page)).toEqual([
    ...UNREAD.map((n) => ({ title: n.title, unread: true })),
    { title: READ.title, unread: false },
  ]);
  expect(await panelOf(page).getByText('A monitoring event opens').count()).toBe(1);
  await screenshot(page, 'notifications-bell');

  // Escape closes the panel and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await panelOf(page).waitFor({ state: 'hidden' });
  expect((await focused(page)).name).toBe('Notifications, 3 unread');

  // By keyboard: open, Tab to the second notification, Enter follows its link and reads it.
  await page.keyboard.press('Enter');
  await linksOf(page).nth(3).waitFor();
  await pressUntil(page, 'Tab', (f) => f.role === 'link' && f.name.includes(UNREAD[1].title));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === UNREAD[1].link);
  await bellOf(page, 'Notifications, 2 unread').waitFor();

  await bellOf(page, 'Notifications, 2 unread').click();
  // The panel asks afresh each time it opens; until then it shows what it had.
  await unreadLinks(page).nth(1).waitFor();
  await unreadLinks(page).nth(2).waitFor({ state: 'detached' });
  expect((await listed(page)).map((n) => n.unread)).toEqual([true, false, true, false]);

  // Mark all read: nothing more to mark; closed, the bell has no count left (while the panel is
  // open, the rest of the page is hidden from assistive technology, the bell too).
  await panelOf(page).getByRole('button', { name: 'Mark all read' }).click();
  await panelOf(page).getByRole('button', { name: 'Mark all read', disabled: true }).waitFor();
  await unreadLinks(page).first().waitFor({ state: 'detached' });
  expect(await linksOf(page).count()).toBe(4);
  // The focus went from the disabled button to the panel's heading: Escape reaches the panel.
  await page.waitForFunction(() => document.activeElement?.id === 'notifications-heading');
  await page.keyboard.press('Escape');
  await bellOf(page, 'Notifications').waitFor();

  // After a reload, as the server has them.
  await page.reload();
  await bellOf(page, 'Notifications').waitFor();
});

it('shows a member the role’s defaults on /account and keeps what they change', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/account');
  const email = page.getByRole('combobox', { name: 'E-mail: A monitoring event opens' });
  const silent = page.getByRole('switch', { name: 'In app: A vial has stopped uploading' });
  await email.waitFor();
  // A member's defaults (line-monitoring.md §4): in app only; nothing of silent vials.
  expect(await email.textContent()).toBe('Off');
  expect(await silent.isChecked()).toBe(false);
  const save = page.getByRole('button', { name: 'Save Notification Settings' });
  expect(await save.isDisabled()).toBe(true);

  await email.click();
  await page.getByRole('option', { name: 'At once' }).click();
  await silent.check();
  const sent = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/notification-settings'),
  );
  await save.click();
  // Only the kinds changed go to the server.
  expect(Object.keys((await sent).postDataJSON()).sort()).toEqual(['event_opened', 'vial_silent']);
  await page.getByText('Notification settings saved').waitFor();
  await screenshot(page, 'account-notification-settings');

  await page.reload();
  await email.waitFor();
  expect(await email.textContent()).toBe('At once');
  expect(await silent.isChecked()).toBe(true);
  expect(
    await page
      .getByRole('combobox', { name: 'E-mail: A line is due for re-validation' })
      .textContent(),
  ).toBe('Off');
});

it('lets an owner set after how many days a vial is silent, or switch the warning off', async () => {
  const { page, server } = e2e;
  const { hospital } = await server.demoInstitutes();
  const owner = await server.login('owner@example.org');
  const stored = async () => (await owner.get(`/v2/institutes/${hospital}`)).body.vial_silent_days;
  await loginAs(page, 'owner@example.org');
  await page.goto(`/organization/${hospital}/settings`);
  const days = page.getByLabel('Warn when a vial has not uploaded for (days)');
  const off = page.getByRole('checkbox', { name: 'Off', exact: true });
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v2/institutes/${hospital}`),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
  };
  await waitForValue(days, '14');

  await days.fill('366');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Enter a whole number of days from 1 to 365.').waitFor();
  await days.fill('30');
  await save();
  expect(await stored()).toBe(30);

  await off.check();
  expect(await days.isDisabled()).toBe(true);
  await save();
  expect(await stored()).toBeNull();
  await page.reload();
  await waitForValue(page.getByLabel('Name'), 'Northfield General Hospital');
  expect(await off.isChecked()).toBe(true);
});
