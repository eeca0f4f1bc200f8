import type { DesktopSettings, SessionTokens, SsoFinished } from './channels';
import type { UploadProgress, VialDrive } from './vial-drive';

export type Unsubscribe = () => void;

/**
 * What the renderer may ask of the host it runs in. The Electron preload implements it over IPC
 * (window.vialqc); renderer/lib/desktop-bridge.ts implements it for the browser, where nothing
 * can be uploaded. The same React build runs in both.
 */
export interface DesktopApi {
  /** 'desktop' when vials can be uploaded from here. */
  readonly kind: 'desktop' | 'browser';
  listVials(): Promise<VialDrive[]>;
  /** Uploads every run of the vial to the institute; resolves when the round is over. */
  uploadVial(vial: string, institute: number): Promise<void>;
  /** Removes a run file the vial's messages offer to remove (large file, already backed up). */
  removeFile(vial: string, file: string): Promise<void>;
  dismissMessage(vial: string, message: string): Promise<void>;
  getSettings(): Promise<DesktopSettings>;
  setSettings(settings: Partial<DesktopSettings>): Promise<DesktopSettings>;
  storeTokens(tokens: SessionTokens | null): Promise<void>;
  onVialsChanged(listener: (vials: VialDrive[]) => void): Unsubscribe;
  onUploadProgress(listener: (progress: UploadProgress) => void): Unsubscribe;
  onTokensRefreshed(listener: (tokens: SessionTokens) => void): Unsubscribe;
  /** Opens the organization's sign-in in the system browser; the app hears back by its link. */
  startSso(institute: number): Promise<void>;
  onSsoFinished(listener: (result: SsoFinished) => void): Unsubscribe;
}
