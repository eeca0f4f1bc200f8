import { mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SettingsStore } from './settings';
import { SafeTokenStore, type Encryption } from './token-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vialqc-userdata-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for safeStorage that visibly transforms what it stores. */
const reversing = (available = true): Encryption => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (encrypted) => Buffer.from(encrypted).reverse().toString(),
});

describe('settings', () => {
  it('keep the server URL across restarts and refuse anything but http(s)', () => {
    const file = path.join(dir, 'settings.json');
    const settings = new SettingsStore(file, { serverUrl: 'http://localhost:3000' });
    expect(settings.get()).toEqual({ serverUrl: 'http://localhost:3000' });
    settings.set({ serverUrl: 'https://vialqc.example.org' });
    expect(() => settings.set({ serverUrl: 'file:///etc/passwd' })).toThrow();
    expect(new SettingsStore(file).get()).toEqual({ serverUrl: 'https://vialqc.example.org' });
  });

  it('fall back to the defaults when the file is damaged', () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '{"serverUrl": "javascript:alert(1)"}');
    expect(new SettingsStore(file, { serverUrl: 'http://localhost:3000' }).get().serverUrl).toBe(
      'http://localhost:3000',
    );
  });
});

describe('session tokens', () => {
  it('are stored encrypted and read back after a restart', () => {
    const file = path.join(dir, 'session.bin');
    new SafeTokenStore(file, reversing()).replace({ access: 'A1', refresh: 'R1' });
    expect(readFileSync(file).toString()).not.toContain('R1');
    expect(new SafeTokenStore(file, reversing()).load()).toEqual({ access: 'A1', refresh: 'R1' });
  });

  it('tell the web app when the agent refreshed them, not when the web app handed them over', () => {
    const refreshed = jest.fn();
    const store = new SafeTokenStore(path.join(dir, 'session.bin'), reversing(), refreshed);
    store.replace({ access: 'A1', refresh: 'R1' });
    store.save({ access: 'A2', refresh: 'R2' });
    expect(refreshed.mock.calls).toEqual([[{ access: 'A2', refresh: 'R2' }]]);
  });

  it('are forgotten on sign-out, and never written in clear when encryption is unavailable', () => {
    const file = path.join(dir, 'session.bin');
    const store = new SafeTokenStore(file, reversing());
    store.replace({ access: 'A1', refresh: 'R1' });
    store.replace(null);
    expect(existsSync(file)).toBe(false);
    expect(new SafeTokenStore(file, reversing()).load()).toBeNull();

    const plain = new SafeTokenStore(file, reversing(false));
    plain.replace({ access: 'A1', refresh: 'R1' });
    expect(plain.load()).toEqual({ access: 'A1', refresh: 'R1' });
    expect(existsSync(file)).toBe(false);
  });
});
