import path from 'node:path';
import { BrowserWindow, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './protocol';

/** Only the app's own pages, app://vialqc/..., count as inside the app. */
export function isInternalUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  // URL.origin is "null" for schemes Node does not know, so the parts are compared instead.
  return (
    url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password
  );
}

/** Web links the user may follow in their browser. */
export function isExternalWebUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'VialQC',
    icon: path.join(__dirname, '..', '..', 'resources', 'icon.png'),
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/**
 * The window never leaves the app: navigation elsewhere is refused, no window is ever opened,
 * and web links go to the user's browser instead.
 */
export function guardNavigation(
  contents: WebContents,
  openExternal: (url: string) => Promise<void>,
): void {
  const leaveForBrowser = (url: string) => {
    if (isExternalWebUrl(url)) void openExternal(url);
  };
  const refuseOutside = (event: { preventDefault(): void }, url: string) => {
    if (isInternalUrl(url)) return;
    event.preventDefault();
    leaveForBrowser(url);
  };
  contents.on('will-navigate', refuseOutside);
  contents.on('will-redirect', refuseOutside);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    leaveForBrowser(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(
  preload: string,
  openExternal: (url: string) => Promise<void>,
): BrowserWindow {
  const window = new BrowserWindow(windowOptions(preload));
  guardNavigation(window.webContents, openExternal);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}
