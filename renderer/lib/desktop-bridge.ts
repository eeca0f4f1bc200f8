import type { DesktopApi } from '../../shared/ipc/desktop-api';

export type { DesktopApi } from '../../shared/ipc/desktop-api';

declare global {
  interface Window {
    /** Installed by the Electron preload; absent in a browser. */
    vialqc?: DesktopApi;
  }
}

export const BROWSER_UPLOAD_MESSAGE = 'Upload is not available in the browser';
/** The page that opens the desktop app through a vialqc:// link. */
export const LAUNCH_PATH = '/launch';

const unavailable = async (): Promise<never> => {
  throw new Error(BROWSER_UPLOAD_MESSAGE);
};
const noSubscription = () => () => undefined;

/** The browser's side of the desktop API: no vials, and uploading is refused with the spec's text. */
export const browserDesktopApi: DesktopApi = {
  kind: 'browser',
  listVials: async () => [],
  uploadVial: unavailable,
  removeFile: unavailable,
  dismissMessage: async () => undefined,
  getSettings: async () => ({ serverUrl: globalThis.location?.origin ?? '' }),
  setSettings: unavailable,
  storeTokens: async () => undefined,
  onVialsChanged: noSubscription,
  onUploadProgress: noSubscription,
  onTokensRefreshed: noSubscription,
  // The browser follows the link to the provider itself (renderer/features/auth).
  startSso: async () => undefined,
  onSsoFinished: noSubscription,
};

/** The Electron preload's API when the app runs in the desktop shell, else the browser's. */
export function getDesktopApi(): DesktopApi {
  return (typeof window !== 'undefined' && window.vialqc) || browserDesktopApi;
}
