import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/demo/seed';

/** Debian's Chromium; browsers are never downloaded (no `npx playwright install`). */
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(__dirname, '..', 'test-artifacts', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A page in a fresh context (its own localStorage, so sessions never leak between tests) at a
 * typical lab workstation size, with relative `goto` paths resolved against the server.
 */
export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

/** Logs in through the form and waits for the app to leave the login page. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('E-mail or Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The path (and query) of an e-mailed link, to open on the test server whatever host it names. */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Saves `test-artifacts/screenshots/<name>.png` for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits until an input shows a value (data arrives after the input does). */
export async function waitForValue(input: Locator, value: string): Promise<void> {
  const handle = await input.elementHandle();
  await input
    .page()
    .waitForFunction(([el, v]) => (el as HTMLInputElement).value === v, [handle, value] as const);
}
