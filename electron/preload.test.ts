jest.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: jest.fn() },
  ipcRenderer: { invoke: jest.fn(async () => 'answer'), on: jest.fn(), removeListener: jest.fn() },
}));

import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi } from '../shared/ipc/desktop-api';

let name: string;
let api: DesktopApi;

beforeAll(async () => {
  await import('./preload');
  [[name, api]] = (contextBridge.exposeInMainWorld as jest.Mock).mock.calls as [
    [string, DesktopApi],
  ];
});

it('exposes only the named desktop API as window.vialqc', () => {
  expect(name).toBe('vialqc');
  expect(Object.keys(api).sort()).toEqual(
    [
      'kind',
      'listVials',
      'uploadVial',
      'removeFile',
      'dismissMessage',
      'getSettings',
      'setSettings',
      'storeTokens',
      'onVialsChanged',
      'onUploadProgress',
      'onTokensRefreshed',
      'startSso',
      'onSsoFinished',
    ].sort(),
  );
  expect(api.kind).toBe('desktop');
});

it('maps each method onto its channel', async () => {
  const invoke = ipcRenderer.invoke as jest.Mock;
  await api.listVials();
  await api.uploadVial('/media/VV-1', 3);
  await api.removeFile('/media/VV-1', 'DATA/RUN00001.DAT');
  await api.dismissMessage('/media/VV-1', 'records-remain');
  await api.getSettings();
  await api.setSettings({ serverUrl: 'https://a.example' });
  await api.storeTokens(null);
  await api.startSso(4);
  expect(invoke.mock.calls).toEqual([
    ['vials:list'],
    ['vials:upload', { vial: '/media/VV-1', institute: 3 }],
    ['vials:remove-file', { vial: '/media/VV-1', file: 'DATA/RUN00001.DAT' }],
    ['vials:dismiss', { vial: '/media/VV-1', message: 'records-remain' }],
    ['settings:get'],
    ['settings:set', { serverUrl: 'https://a.example' }],
    ['auth:store-tokens', null],
    ['auth:sso-start', { institute: 4 }],
  ]);
});

it('subscribes to pushed events without handing out the IPC event, and unsubscribes', () => {
  const listener = jest.fn();
  const unsubscribe = api.onVialsChanged(listener);
  const [channel, forward] = (ipcRenderer.on as jest.Mock).mock.calls.at(-1);
  expect(channel).toBe('vials:changed');
  forward({ sender: 'secret' }, [{ id: '/media/VV-1' }]);
  expect(listener).toHaveBeenCalledWith([{ id: '/media/VV-1' }]);
  unsubscribe();
  expect(ipcRenderer.removeListener).toHaveBeenCalledWith('vials:changed', forward);
});
