import path from 'node:path';
import { app, type BrowserWindow, ipcMain, protocol, safeStorage, shell } from 'electron';
import { DrivelistDriveSource } from './agent/drive-source';
import { ServerClient } from './agent/server-client';
import { VialAgent } from './agent/vial-agent';
import { createIpcHandlers, registerIpcHandlers, sendEvent } from './ipc';
import { APP_SCHEME, contentSecurityPolicy, createAppProtocolHandler } from './protocol';
import { SettingsStore } from './settings';
import { completeSsoLink, findSsoLink } from './sso-link';
import { SafeTokenStore } from './token-store';
import { createMainWindow } from './window';
import { freezePrototypes } from '../shared/runtime/freeze-prototypes';

/** vialqc://… links (the web app's /launch page) open this app. */
export const PROTOCOL_CLIENT = 'vialqc';
/** dist/electron/main.js serves dist/renderer. */
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD = path.join(__dirname, 'preload.js');

const log = {
  info: (message: string) => console.log(message),
  error: (message: string, error?: unknown) => console.error(message, error ?? ''),
};

// Before 'ready': app:// behaves like https (origin, fetch, storage) for the renderer.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function registerProtocolClient(): void {
  // Started as `electron .` in development, the OS must be told how to start it with this app.
  if (process.defaultApp && process.argv.length >= 2) {
    app.setAsDefaultProtocolClient(PROTOCOL_CLIENT, process.execPath, [
      path.resolve(process.argv[1]),
    ]);
  } else {
    app.setAsDefaultProtocolClient(PROTOCOL_CLIENT);
  }
}

let mainWindow: BrowserWindow | null = null;
/** What a vialqc://sso link needs once the app has started: the server and the token store. */
let ssoServices: { serverUrl: () => string; tokens: SafeTokenStore } | null = null;
/** A link that arrived before then (the one the app was started with). */
let pendingSsoLink: URL | null = findSsoLink(process.argv);

/** A vialqc://sso link back from the system browser: exchange its code, tell the renderer. */
async function completeSso(link: URL): Promise<void> {
  if (!ssoServices) {
    pendingSsoLink = link;
    return;
  }
  const finished = await completeSsoLink(link, ssoServices.serverUrl());
  if ('tokens' in finished) ssoServices.tokens.replace(finished.tokens);
  if (mainWindow) sendEvent(mainWindow.webContents, 'auth:sso-finished', finished);
}

function openedWith(args: readonly string[]): void {
  showMainWindow();
  const link = findSsoLink(args);
  if (link) void completeSso(link);
}

function showMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const settings = new SettingsStore(path.join(userData, 'settings.json'));
  const tokens = new SafeTokenStore(
    path.join(userData, 'session.bin'),
    safeStorage,
    (refreshed) => {
      if (mainWindow) sendEvent(mainWindow.webContents, 'auth:tokens-refreshed', refreshed);
    },
  );
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler(RENDERER_DIR, () => contentSecurityPolicy(settings.get().serverUrl)),
  );
  const agent = new VialAgent({
    source: new DrivelistDriveSource(),
    client: ServerClient.forDesktop(() => settings.get().serverUrl, tokens),
    log,
  });
  registerIpcHandlers(
    ipcMain,
    createIpcHandlers({ agent, settings, tokens, openExternal: (url) => shell.openExternal(url) }),
    log,
  );
  ssoServices = { serverUrl: () => settings.get().serverUrl, tokens };

  mainWindow = createMainWindow(PRELOAD, (url) => shell.openExternal(url));
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  if (pendingSsoLink) {
    const link = pendingSsoLink;
    pendingSsoLink = null;
    // Once the renderer listens for the answer.
    mainWindow.webContents.once('did-finish-load', () => void completeSso(link));
  }
  agent.on(
    'changed',
    (vials) => mainWindow && sendEvent(mainWindow.webContents, 'vials:changed', vials),
  );
  agent.on(
    'progress',
    (progress) => mainWindow && sendEvent(mainWindow.webContents, 'upload:progress', progress),
  );
  app.on('before-quit', () => void agent.stop());
  await agent.start();
  // The shell and the agent are loaded: nothing a server or a drive sends may change prototypes.
  freezePrototypes();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerProtocolClient();
  // A vialqc:// link while the app runs arrives here (Windows, Linux) or as open-url (macOS).
  app.on('second-instance', (_event, argv) => openedWith(argv));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openedWith([url]);
  });
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start, (error) => log.error('VialQC could not start', error));
}
