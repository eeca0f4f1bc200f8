import type { EventEmitter as Emitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const userData = mkdtempSync(path.join(os.tmpdir(), 'vialqc-main-'));

jest.mock('electron', () => {
  const { EventEmitter } = jest.requireActual('node:events') as { EventEmitter: typeof Emitter };
  const windows: unknown[] = [];
  class FakeWindow extends EventEmitter {
    webContents = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: jest.fn(),
      isDestroyed: () => false,
      send: jest.fn(),
    });
    loadURL = jest.fn(async () => undefined);
    constructor(readonly options: unknown) {
      super();
      windows.push(this);
    }
  }
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  return {
    windows,
    ready: () => ready(),
    BrowserWindow: FakeWindow,
    app: Object.assign(new EventEmitter(), {
      requestSingleInstanceLock: jest.fn(() => true),
      setAsDefaultProtocolClient: jest.fn(() => true),
      whenReady: () => whenReady,
      getPath: () => userData,
      quit: jest.fn(),
    }),
    protocol: { registerSchemesAsPrivileged: jest.fn(), handle: jest.fn() },
    ipcMain: { handle: jest.fn() },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: jest.fn(),
      decryptString: jest.fn(),
    },
    shell: { openExternal: jest.fn() },
  };
});

import { app, ipcMain, protocol } from 'electron';
import { requestArgs } from '../shared/ipc/channels';

const electron = jest.requireMock<{
  windows: { options: any; loadURL: jest.Mock }[];
  ready: () => void;
}>('electron');

afterAll(() => {
  app.emit('before-quit');
  rmSync(userData, { recursive: true, force: true });
});

it('registers app:// as a secure standard scheme before the app is ready, and vialqc:// links', async () => {
  await import('./main');
  expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
  expect((app.setAsDefaultProtocolClient as jest.Mock).mock.calls[0][0]).toBe('vialqc');
  expect(protocol.handle).not.toHaveBeenCalled();
});

it('once ready, serves the renderer, answers every IPC channel and opens one locked-down window', async () => {
  electron.ready();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((protocol.handle as jest.Mock).mock.calls.map((c) => c[0])).toEqual(['app']);
  expect((ipcMain.handle as jest.Mock).mock.calls.map((c) => c[0]).sort()).toEqual(
    Object.keys(requestArgs).sort(),
  );
  expect(electron.windows).toHaveLength(1);
  const [window] = electron.windows;
  expect(window.options.webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
  });
  expect(window.options.webPreferences.preload).toMatch(/preload\.js$/);
  expect(window.loadURL).toHaveBeenCalledWith('app://vialqc/');
});
