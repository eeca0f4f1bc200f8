import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sessionTokens, type SessionTokens } from '../shared/ipc/channels';
import type { TokenStore } from './agent/server-client';

/** The part of Electron's safeStorage used here (the OS keychain behind it). */
export interface Encryption {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * The session tokens the web app hands over, encrypted with safeStorage on disk so that the
 * agent can upload after a restart. Without OS encryption they stay in memory only.
 */
export class SafeTokenStore implements TokenStore {
  private tokens: SessionTokens | null = null;

  constructor(
    private readonly file: string,
    private readonly encryption: Encryption,
    /** Told when the agent refreshed the session, so the web app can adopt the new tokens. */
    private readonly onRefreshed: (tokens: SessionTokens) => void = () => undefined,
  ) {
    if (!encryption.isEncryptionAvailable()) return;
    try {
      this.tokens = sessionTokens.parse(JSON.parse(encryption.decryptString(readFileSync(file))));
    } catch {
      this.tokens = null;
    }
  }

  load(): SessionTokens | null {
    return this.tokens;
  }

  /** The agent refreshed the session. */
  save(tokens: SessionTokens): void {
    this.replace(tokens);
    this.onRefreshed(tokens);
  }

  /** The web app signed in, refreshed, or signed out (null). */
  replace(tokens: SessionTokens | null): void {
    this.tokens = tokens;
    if (!tokens) {
      rmSync(this.file, { force: true });
      return;
    }
    if (!this.encryption.isEncryptionAvailable()) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, this.encryption.encryptString(JSON.stringify(tokens)), {
      mode: 0o600,
    });
  }
}
