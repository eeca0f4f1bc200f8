import type { Browser, Page } from 'playwright-core';
import type { VialDrive } from '../../../shared/ipc/vial-drive';
import { startAgent } from '../../../electron/agent/testing/agent';
import {
  addLargeRun,
  copyFixtureDrive,
  removeDrives,
  runFilesOn,
} from '../../../electron/agent/testing/drives';
import { TcpProxy } from '../../../electron/agent/testing/tcp-proxy';
import type { VialAgent } from '../../../electron/agent/vial-agent';
import { launchBrowser, loginAs, newPage, screenshot } from '../../../testing/browser';
import { registerFixtureVials } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const { hospital } = await server.demoInstitutes();
  await registerFixtureVials(await server.login('staff@example.org'), hospital);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
  removeDrives();
});

/**
 * Plays the Electron preload in the page: window.vialqc forwards each call to a real vial agent
 * in this process, and the agent's events are pushed into the page, as electron/ipc.ts does.
 */
async function bridgeToAgent(page: Page, agent: VialAgent): Promise<void> {
  await page.exposeFunction('__agentCall', async (method: string, args: unknown[]) => {
    if (method === 'listVials') return agent.list();
    if (method === 'uploadVial')
      return void (await agent.upload(args[0] as string, args[1] as number));
    if (method === 'removeFile') return agent.removeFile(args[0] as string, args[1] as string);
    if (method === 'dismissMessage') return agent.dismiss(args[0] as string, args[1] as string);
    if (method === 'getSettings') return { serverUrl: server.url };
    return undefined;
  });
  await page.addInitScript(() => {
    type Listener = (payload: unknown) => void;
    const listeners: Record<string, Set<Listener>> = { changed: new Set(), progress: new Set() };
    const w = window as unknown as Record<string, unknown>;
    const call = (method: string, ...args: unknown[]) =>
      (w.__agentCall as (m: string, a: unknown[]) => Promise<unknown>)(method, args);
    const subscribe = (kind: string) => (listener: Listener) => {
      listeners[kind].add(listener);
      return () => listeners[kind].delete(listener);
    };
    w.__agentEvent = (kind: string, payload: unknown) => listeners[kind].forEach((l) => l(payload));
    w.vialqc = {
      kind: 'desktop',
      listVials: () => call('listVials'),
      uploadVial: (vial: string, institute: number) => call('uploadVial', vial, institute),
      removeFile: (vial: string, file: string) => call('removeFile', vial, file),
      dismissMessage: (vial: string, message: string) => call('dismissMessage', vial, message),
      getSettings: () => call('getSettings'),
      setSettings: () => call('getSettings'),
      storeTokens: async () => undefined,
      onVialsChanged: subscribe('changed'),
      onUploadProgress: subscribe('progress'),
      onTokensRefreshed: () => () => undefined,
      startSso: async () => undefined,
      onSsoFinished: () => () => undefined,
    };
  });
  const push = (kind: string) => (payload: unknown) =>
    void page
      .evaluate(
        ([k, p]) =>
          (window as unknown as { __agentEvent: (k: string, p: unknown) => void }).__agentEvent(
            k,
            p,
          ),
        [kind, payload] as const,
      )
      .catch(() => undefined);
  agent.on('changed', push('changed') as (vials: VialDrive[]) => void);
  agent.on('progress', push('progress'));
}

it('tells browser users that uploading needs the desktop app', async () => {
  const page = await newPage(browser, server.url);
  await loginAs(page, 'member@example.org');
  await page.getByRole('button', { name: 'Vials' }).click();
  const panel = page.getByRole('complementary', { name: 'Vials' });
  await panel.getByText('Upload is not available in the browser').waitFor();
  expect(await panel.getByRole('link').getAttribute('href')).toMatch(/\/launch$/);
  await page.context().close();
});

it('hides the drawer from guests', async () => {
  const page = await newPage(browser, server.url);
  await loginAs(page, 'guest@example.org');
  await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
  expect(await page.getByRole('button', { name: 'Vials' }).count()).toBe(0);
  await page.context().close();
});

it('shows a plugged-in vial, opens by itself, and uploads it with progress on screen', async () => {
  const drive = copyFixtureDrive('drive-1');
  addLargeRun(drive, '2801906a-7c79-42a2-b96b-f36f2bc99aa5', 600); // ~7 MB: long enough to watch
  const proxy = new TcpProxy(new URL(server.url), { bytesPerSecond: 4 * 1024 * 1024 });
  const agent = await startAgent(server, [drive], { url: await proxy.start() });
  const page = await newPage(browser, server.url);
  try {
    await bridgeToAgent(page, agent);
    await loginAs(page, 'member@example.org');
    const card = page.getByRole('listitem', { name: 'VV-1007' });
    await card.getByText('Ready to Upload').waitFor(); // the drawer opened by itself
    await screenshot(page, 'vials-drawer-ready');

    await card.getByRole('button', { name: 'Upload' }).click();
    await card.getByRole('progressbar', { name: 'Uploading VV-1007' }).waitFor();
    await screenshot(page, 'vials-drawer-uploading');
    await card.getByText('Upload Complete').waitFor({ timeout: 30_000 });
    expect(runFilesOn(drive)).toEqual([]);
  } finally {
    await page.context().close();
    await agent.stop();
    await proxy.stop();
  }
});
