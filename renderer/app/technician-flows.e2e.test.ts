import { loginAs, screenshot, setUpBrowserTests } from '../../testing/browser';
import { axeFindings, prepareAxe } from '../../testing/axe';
import { focused } from '../../testing/keyboard';
import {
  insertMonitoredLine,
  insertProcessedRecords,
  instituteIds,
  openEventsAt,
} from '../../testing/lines';
import { insertLine } from '../../testing/rows';
import { freePort } from '../../server/db/embedded-postgres';
import { TransitRecord } from '../../server/entities/record';

/**
 * What a technician meets in the everyday flows (issue 44): words where ids were, drafts that
 * stay with their record, settings screens that say on the field what cannot work.
 */
const e2e = setUpBrowserTests();

let movedRecord: number;
let beta: number;

/** Three runs on Line Alpha waiting for review: VV-D1 (newest) … VV-D3. */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const line = await insertLine(db, hospital, { name: 'Line Alpha' });
  const queue = await insertProcessedRecords(
    db,
    hospital,
    line.id,
    [1, 2, 3].map((hours) => ({ auc: 100 + hours, date: new Date(Date.now() - hours * 3600_000) })),
  );
  const repo = db.getRepository(TransitRecord);
  for (const [i, id] of queue.entries())
    await repo.update(id, { isReviewed: false, vialLabel: `VV-D${i + 1}` });
  movedRecord = queue[2];
  beta = (await insertLine(db, hospital, { name: 'Line Beta' })).id;
  // A watched line with two open events (2_2s and the EWMA), as processing would open them.
  const watched = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Watched', validation: 'Watched baseline' },
    { baseline: [90, 100, 110], since: [100, 125, 125, 95] },
  );
  await openEventsAt(db, watched.line.id, 125, ['2_2s', 'ewma']);
});

const panel = () => e2e.page.getByRole('complementary', { name: 'Record review' });
const showing = (vial: string) => panel().getByText(`Vial ${vial} ·`).waitFor();
const commentBox = () => panel().getByRole('textbox', { name: 'Add a comment' });

it('keeps an unposted comment with its record when Review moves on (issue 44, point 2)', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/records/to-review');
  await page.getByRole('row', { name: /VV-D1/ }).click();
  await showing('VV-D1');
  await commentBox().fill('Cold chain broken at the dock');
  await panel().getByRole('button', { name: 'Review', exact: true }).click();
  await showing('VV-D2');
  // The next record starts with an empty box: the draft is not posted on the wrong record.
  expect(await commentBox().inputValue()).toBe('');
  await commentBox().fill('Second draft');
  await page.getByRole('tab', { name: /^Reviewed/ }).click();
  await page.getByRole('row', { name: /VV-D1/ }).click();
  await showing('VV-D1');
  // Back on the first record, its draft is there to post.
  expect(await commentBox().inputValue()).toBe('Cold chain broken at the dock');
  await screenshot(page, 'review-comment-draft');
});

it('names a missing record and leads back in readable colours (issue 44, And)', async () => {
  const { page } = e2e;
  await prepareAxe(page);
  await loginAs(page, 'member@example.org');
  await page.goto('/record/987654321');
  await page.getByText('Record not found.').waitFor();
  expect(await page.getByText('No Data').count()).toBe(0);
  await page.getByRole('link', { name: 'Back to Records' }).waitFor();
  const contrast = (await axeFindings(page)).filter((f) => f.rule === 'color-contrast');
  expect(contrast).toEqual([]);
});

it('shows on its field why a provider cannot work, and the return address it really uses (issue 44, point 6)', async () => {
  const { page, server } = e2e;
  const { hospital } = await server.demoInstitutes();
  await loginAs(page, 'owner@example.org');
  await page.goto(`/organization/${hospital}/sign-on`);
  await page.getByRole('heading', { name: 'Single Sign-On' }).waitFor();
  // The sign-in comes back to the server's public address, not to the one this page was opened at.
  await page.getByText(`${server.ctx.config.publicUrl}/v2/auth/sso/callback`).waitFor();

  const unreachable = `http://127.0.0.1:${await freePort()}`;
  await page.getByLabel('Issuer URL').fill(unreachable);
  await page.getByLabel('Client ID').fill('vialqc');
  await page.getByLabel('Client secret').fill('a-secret');
  await page.getByLabel('E-mail domains').fill('northfield.example');
  await page.getByRole('button', { name: 'Save Single Sign-On' }).click();
  const issuer = page.getByRole('textbox', { name: 'Issuer URL' });
  await page.getByText(`${unreachable} could not be reached`).waitFor();
  await expect(issuer.getAttribute('aria-invalid')).resolves.toBe('true');
  await screenshot(page, 'sso-unreachable-issuer');
});

it('names the event each button acts on, and keeps the focus after Acknowledge (issue 44, point 7)', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/events');
  const acknowledge = page.getByRole('button', {
    name: /^Acknowledge 2_2s: 2 of 2 above \+2 SD, opened /,
  });
  await acknowledge.waitFor();
  await page
    .getByRole('button', { name: /^Acknowledge ewma: EWMA above its control limit, opened / })
    .waitFor();
  await acknowledge.focus();
  await page.keyboard.press('Enter');
  // The dialog's optional note has the focus; Tab twice reaches 'Acknowledge event' (issue 44, 9).
  await page.getByRole('dialog', { name: 'Acknowledge event' }).waitFor();
  expect((await focused(page)).name).toBe('Note (optional)');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect((await focused(page)).name).toBe('Acknowledge event');
  await page.keyboard.press('Enter');
  // The acknowledged event's Close holds the focus the vanished Acknowledge had.
  await page.waitForFunction(() =>
    (document.activeElement?.getAttribute('aria-label') ?? '').startsWith('Close 2_2s'),
  );
  expect((await focused(page)).role).toBe('button');
});

it('says in the History which line a record moved to and who, by name (issue 44, point 4)', async () => {
  const { page, server } = e2e;
  const { hospital } = await server.demoInstitutes();
  const member = await server.login('member@example.org');
  expect((await member.patch(`/v2/records/${movedRecord}`, { line: beta })).status).toBe(200);
  await loginAs(page, 'admin@example.org');
  await page.goto(`/history/record/${movedRecord}?institute=${hospital}`);
  await page.getByText('Line: Line Alpha → Line Beta').waitFor();
});
