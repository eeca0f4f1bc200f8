import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  EventChannel,
  EventPayloads,
  RequestArgs,
  RequestChannel,
  RequestResults,
} from '../shared/ipc/channels';
import type { DesktopApi } from '../shared/ipc/desktop-api';

// A sandboxed preload may require nothing but 'electron': everything else imported here is
// types only, and the channel names are literals checked against the contract.

const invoke = <K extends RequestChannel>(
  channel: K,
  ...args: RequestArgs<K>
): Promise<RequestResults[K]> => ipcRenderer.invoke(channel, ...args);

function subscribe<K extends EventChannel>(
  channel: K,
  listener: (payload: EventPayloads[K]) => void,
) {
  const forward = (_event: IpcRendererEvent, payload: EventPayloads[K]) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

contextBridge.exposeInMainWorld('vialqc', {
  kind: 'desktop',
  listVials: () => invoke('vials:list'),
  uploadVial: (vial, institute) => invoke('vials:upload', { vial, institute }),
  removeFile: (vial, file) => invoke('vials:remove-file', { vial, file }),
  dismissMessage: (vial, message) => invoke('vials:dismiss', { vial, message }),
  getSettings: () => invoke('settings:get'),
  setSettings: (settings) => invoke('settings:set', settings),
  storeTokens: (tokens) => invoke('auth:store-tokens', tokens),
  onVialsChanged: (listener) => subscribe('vials:changed', listener),
  onUploadProgress: (listener) => subscribe('upload:progress', listener),
  onTokensRefreshed: (listener) => subscribe('auth:tokens-refreshed', listener),
  startSso: (institute) => invoke('auth:sso-start', { institute }),
  onSsoFinished: (listener) => subscribe('auth:sso-finished', listener),
} satisfies DesktopApi);
