import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { startTestServer, type TestServer } from './test-server';

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

/** Chooses an organization in the top bar's selector and waits until the app shows it chosen. */
export async function chooseOrganization(page: Page, name: string): Promise<void> {
  const organization = page.getByRole('combobox', { name: 'Organization' });
  // Typed before the selector shows the organization in use, the search would be replaced by it.
  const handle = await organization.elementHandle();
  await page.waitForFunction((el) => {
    const input = el as HTMLInputElement;
    return input.value !== '' && !input.readOnly;
  }, handle);
  await organization.click();
  await organization.fill(name.slice(0, 8));
  await page.getByRole('option', { name }).click();
  await waitForValue(organization, name);
}

/** What a browser test file works with; each is set once the hooks below have run. */
export interface BrowserTests {
  server: TestServer;
  browser: Browser;
  /** A fresh page (own context, no session) for each test. */
  page: Page;
}

/**
 * How long a file's server and browser may take to start: a database from the template, the demo
 * data and Chromium, on a 2-core machine that may be running a second suite.
 */
const START_TIMEOUT_MS = 180_000;

/**
 * The usual browser test file: one test server and one browser for the whole file, a fresh page
 * per test, all closed afterwards. Call at the top of the file; hooks the file adds run after
 * these, so they can use the server and the page.
 */
export function setUpBrowserTests(
  serverOptions: Parameters<typeof startTestServer>[0] = {},
): BrowserTests {
  const e2e = {} as BrowserTests;
  let server: Promise<TestServer> | undefined;
  let browser: Promise<Browser> | undefined;
  beforeAll(async () => {
    server = startTestServer(serverOptions);
    browser = launchBrowser();
    [e2e.server, e2e.browser] = await Promise.all([server, browser]);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    // A start that outlived its hook's timeout still ends: wait for it and close what it made,
    // so no server keeps running into the next test file of this Jest worker.
    const [started, launched] = await Promise.allSettled([server, browser]);
    if (launched.status === 'fulfilled') await launched.value?.close();
    if (started.status === 'fulfilled') await started.value?.stop();
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    e2e.page = await newPage(e2e.browser, e2e.server.url);
  });
  afterEach(() => e2e.page.context().close());
  return e2e;
}
