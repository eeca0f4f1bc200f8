import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SERVER_URL } from '../shared/domain/limits';
import { desktopSettings, type DesktopSettings } from '../shared/ipc/channels';

/** The desktop app's settings (the server URL), kept as JSON in the user's data folder. */
export class SettingsStore {
  private current: DesktopSettings;

  constructor(
    private readonly file: string,
    defaults: DesktopSettings = { serverUrl: process.env.VIALQC_SERVER_URL ?? DEFAULT_SERVER_URL },
  ) {
    this.current = defaults;
    try {
      this.current = desktopSettings.parse({
        ...defaults,
        ...JSON.parse(readFileSync(file, 'utf8')),
      });
    } catch {
      // No settings yet, or a file edited by hand into something invalid: the defaults hold.
    }
  }

  get(): DesktopSettings {
    return { ...this.current };
  }

  /** Throws on an invalid value and keeps the previous settings. */
  set(patch: Partial<DesktopSettings>): DesktopSettings {
    const next = desktopSettings.parse({ ...this.current, ...patch });
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(next, null, 2));
    this.current = next;
    return this.get();
  }
}
