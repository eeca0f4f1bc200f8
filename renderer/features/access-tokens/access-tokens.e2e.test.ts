import { createHash } from 'node:crypto';
import { PERSONAL_TOKEN_PREFIX } from '../../../shared/api/account-tokens';
import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests();

it('creates a token shown once, lists it with its last use, and revokes it after asking', async () => {
  const { page, server } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Access Tokens' });
  await section.getByText('You have no access tokens.').waitFor();

  await section.getByRole('button', { name: 'Create Token' }).click();
  const create = page.getByRole('dialog', { name: 'Create Access Token' });
  await create.getByLabel('Name').fill('LIMS export');
  await create.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Read and write' }).click();
  // The member's one organization is chosen for them.
  await create.getByRole('combobox', { name: 'Organization' }).getByText('Northfield').waitFor();
  await create.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token “LIMS export” Created' });
  const token = await shown.getByLabel('Token').inputValue();
  expect(token.startsWith(PERSONAL_TOKEN_PREFIX)).toBe(true);
  await shown.getByText('it is not shown again').waitFor();
  await screenshot(page, 'access-token-created');
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'hidden' });

  // Only the hash is stored, and the page never shows the token again.
  const rows = (await server.ctx.db.query(
    `SELECT token_hash FROM personal_access_tokens WHERE name = 'LIMS export'`,
  )) as { token_hash: string }[];
  expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  const row = section.getByRole('row', { name: /LIMS export/ });
  await row.getByText('Never').waitFor();
  expect(await page.content()).not.toContain(token);

  // Used once, it shows when.
  const used = await server.api.as(token).get('/v2/institutes');
  expect(used.status).toBe(200);
  await page.reload();
  await section.getByRole('row', { name: /LIMS export/ }).waitFor();
  expect(await row.getByText('Never').count()).toBe(0);
  expect(await row.getByText('Read and write').count()).toBe(1);

  await row.getByRole('button', { name: 'Revoke LIMS export' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Token' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await section.getByText('You have no access tokens.').waitFor();
  expect((await server.api.as(token).get('/v2/institutes')).status).toBe(401);
});
