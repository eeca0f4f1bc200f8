import { loginAs, setUpBrowserTests } from '../../../testing/browser';

// The full demo: six weeks of the emergency line's results from the laboratory system
// (server/demo/demo-lab-feed.ts), so a demo user's Lab Feed and Lab outcomes tabs are not empty.
const e2e = setUpBrowserTests({ demo: 'full' });

it("shows the demo's feed on the Lab Feed screen and the emergency line's outcomes", async () => {
  const page = e2e.page;
  await loginAs(page, 'member@example.org');
  await page.goto('/lab-feed/messages');
  await page.getByRole('tab', { name: 'Messages', selected: true }).waitFor();
  await page.getByText(/NGH-\d{4}-\d{2}-\d{2}-late/).waitFor();
  expect(
    await page.getByText('No messages yet: connect your laboratory system (see Status).').count(),
  ).toBe(0);
  await page.goto('/lab-feed/needs-mapping');
  await page.getByRole('cell', { name: 'L CRP (C-reactive protein)', exact: true }).waitFor();

  const member = await e2e.server.login('member@example.org');
  const hospital = (await member.get('/v2/auth/account')).body.default_institute;
  const lines = await member.get(`/v2/institutes/${hospital}/lines?size=100`);
  const line = lines.body.items.find(
    (l: { name: string }) => l.name === 'Emergency to Central Lab',
  );
  await page.goto(`/line/${line.id}/outcomes`);
  await page.getByRole('tab', { name: 'Lab outcomes', selected: true }).waitFor();
  await page.getByText('Retrieving Data...').first().waitFor({ state: 'detached' });
  await page.locator('canvas').first().waitFor({ timeout: 30_000 });
  expect(await page.getByText('No lab-feed results on this line in the period.').count()).toBe(0);
});
