import type { Page } from 'playwright-core';
import { loginAs, setUpBrowserTests } from '../../testing/browser';
import { SHELL_FAILED } from './draw-screen-shell';
import { SCREEN_HEADINGS } from './screen-shell';

const e2e = setUpBrowserTests();

/** index.html's loading line, which the shell shows under its heading. */
const LOADING_LINE = 'Loading VialQC…';

/** Holds the request for the module that starts the app (app/start.tsx) until it is decided. */
async function holdAppStart(page: Page): Promise<{ release: () => void; abort: () => void }> {
  let decide!: (how: 'release' | 'abort') => void;
  const decided = new Promise<'release' | 'abort'>((resolve) => (decide = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) =>
    (await decided) === 'release' ? route.continue() : route.abort(),
  );
  return { release: () => decide('release'), abort: () => decide('abort') };
}

const shell = (page: Page) => page.locator('#screen-shell');

it.each([
  [412, '/records', SCREEN_HEADINGS.records],
  [1280, '/dashboard', SCREEN_HEADINGS.dashboard],
])(
  'at %i px, a signed-in visit to %s shows the frame and heading before the app has loaded, where the app then draws them',
  async (width, path, words) => {
    const { page } = e2e;
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, 'member@example.org');
    const start = await holdAppStart(page);
    await page.goto(path);

    const shellHeading = shell(page).getByRole('heading', { level: 1, name: words });
    await shellHeading.waitFor();
    expect((await shell(page).getByRole('status').textContent())?.trim()).toBe(LOADING_LINE);
    const before = await shellHeading.boundingBox();

    start.release();
    await shell(page).waitFor({ state: 'detached' });
    const appHeading = page.getByRole('heading', { level: 1, name: words });
    await appHeading.waitFor();
    await page.getByRole('tablist', { name: 'Main sections' }).waitFor();
    // The app's heading stands where the shell's stood: nothing jumps as the app takes over.
    const after = await appHeading.boundingBox();
    expect(after?.x).toBeCloseTo(before?.x ?? NaN, 0);
    expect(after?.y).toBeCloseTo(before?.y ?? NaN, 0);
    expect(after?.height).toBeCloseTo(before?.height ?? NaN, 0);
  },
);

it('says so in the shell when the app cannot be loaded', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  const start = await holdAppStart(page);
  await page.goto('/records/to-review');
  await shell(page).getByRole('heading', { name: SCREEN_HEADINGS.records }).waitFor();
  start.abort();
  await shell(page).getByRole('status').getByText(SHELL_FAILED).waitFor();
});

it('draws no shell for a visitor who is not signed in, who goes on to the login page', async () => {
  const { page } = e2e;
  const start = await holdAppStart(page);
  await page.goto('/records');
  await page.getByRole('status').getByText(LOADING_LINE).waitFor();
  expect(await shell(page).count()).toBe(0);
  start.release();
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/records')}`);
});
