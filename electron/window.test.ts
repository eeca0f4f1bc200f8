import type { EventEmitter as Emitter } from 'node:events';
// Electron is replaced at the module boundary only: a window is an event emitter that records
// its options, its webContents one that records the window-open handler.
jest.mock('electron', () => {
  const { EventEmitter } = jest.requireActual('node:events') as { EventEmitter: typeof Emitter };
  const windows: unknown[] = [];
  class FakeContents extends EventEmitter {
    openHandler: ((details: { url: string }) => { action: string }) | null = null;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
  }
  class FakeWindow extends EventEmitter {
    webContents = new FakeContents();
    loadURL = jest.fn(async () => undefined);
    show = jest.fn();
    constructor(readonly options: unknown) {
      super();
      windows.push(this);
    }
  }
  return { BrowserWindow: FakeWindow, windows };
});

import type { EventEmitter } from 'node:events';
import { createMainWindow, isExternalWebUrl, isInternalUrl, windowOptions } from './window';

interface FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null;
}
interface FakeWindow {
  options: unknown;
  webContents: FakeContents;
  loadURL: jest.Mock;
}
const { windows } = jest.requireMock<{ windows: FakeWindow[] }>('electron');

describe('isInternalUrl', () => {
  it.each(['app://vialqc/', 'app://vialqc/dashboard', 'app://vialqc/assets/index.js?v=1#top'])(
    'accepts %s',
    (url) => {
      expect(isInternalUrl(url)).toBe(true);
    },
  );

  it.each([
    '',
    'not a url',
    '/dashboard',
    '//vialqc/',
    'app://vialqc.evil.com/',
    'app://evil.com/vialqc',
    'app://evilvialqc/',
    'app://vialqc:8080/',
    'app://user@vialqc/',
    'app://vialqc:pass@vialqc/',
    'app://vialqc@evil.com/',
    'app:vialqc',
    'app:/vialqc/',
    'apps://vialqc/',
    'http://vialqc/',
    'https://vialqc/',
    'file:///etc/passwd',
    'file://vialqc/',
    'javascript:alert(1)',
    'javascript://vialqc/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:app://vialqc/123',
    'vialqc://open',
    'about:blank',
    'chrome://settings',
    'devtools://devtools/bundled/inspector.html',
  ])('refuses %p', (url) => {
    expect(isInternalUrl(url)).toBe(false);
  });
});

describe('isExternalWebUrl', () => {
  it('lets only plain http(s) links go to the browser', () => {
    expect(isExternalWebUrl('https://example.org/help')).toBe(true);
    expect(isExternalWebUrl('http://example.org')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'https://user:pw@example.org',
      'vialqc://x',
    ]) {
      expect(isExternalWebUrl(url)).toBe(false);
    }
  });
});

describe('the main window', () => {
  it('is locked down: isolated, sandboxed, no Node, no webviews', () => {
    expect(windowOptions('/app/preload.js').webPreferences).toEqual({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });

  function open() {
    const openExternal = jest.fn(async () => undefined);
    createMainWindow('/app/preload.js', openExternal);
    const window = windows.at(-1)!;
    return { window, contents: window.webContents, openExternal };
  }

  const navigate = (contents: FakeContents, event: string, url: string) => {
    const prevented = { value: false };
    contents.emit(event, { preventDefault: () => (prevented.value = true) }, url);
    return prevented.value;
  };

  it('loads the bundled renderer through app://', () => {
    const { window } = open();
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: { preload: '/app/preload.js' },
    });
    expect(window.loadURL).toHaveBeenCalledWith('app://vialqc/');
  });

  it('stays on the app’s own pages and sends web links to the browser', () => {
    const { contents, openExternal } = open();
    expect(navigate(contents, 'will-navigate', 'app://vialqc/records')).toBe(false);
    expect(navigate(contents, 'will-navigate', 'https://example.org/')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://example.org/');
    expect(navigate(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, 'will-redirect', 'app://vialqc.evil.com/')).toBe(true);
    expect(navigate(contents, 'will-attach-webview', 'app://vialqc/')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('never opens another window', () => {
    const { contents, openExternal } = open();
    expect(contents.openHandler!({ url: 'https://example.org/manual' })).toEqual({
      action: 'deny',
    });
    expect(openExternal).toHaveBeenCalledWith('https://example.org/manual');
    expect(contents.openHandler!({ url: 'app://vialqc/x' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});
