import { z } from 'zod';
import type { UploadProgress, VialDrive } from './vial-drive';

/**
 * The IPC contract between the renderer (through the preload) and the Electron main process.
 * This module may not import Electron: the renderer and the agent share it.
 *
 * Adding a request channel: add its argument tuple to `requestArgs` and its result to
 * `RequestResults`, handle it in electron/ipc.ts (the schema is applied there), then expose a
 * named method in electron/preload.ts and add it to DesktopApi (desktop-api.ts) — TypeScript
 * reports every place still missing. Pushed events go to `EventPayloads` the same way.
 */

const vialId = z.string().min(1).max(4096);
const runFile = z.string().min(1).max(4096);
const messageId = z.string().min(1).max(4096);
const instituteId = z.number().int().positive();

export const desktopSettings = z.object({
  /** The VialQC server the app talks to, e.g. `https://vialqc.example.org`. */
  serverUrl: z.url({ protocol: /^https?$/ }),
});
export type DesktopSettings = z.infer<typeof desktopSettings>;

export const sessionTokens = z.object({
  access: z.string().min(1).max(8192),
  refresh: z.string().min(1).max(8192),
});
export type SessionTokens = z.infer<typeof sessionTokens>;

/** Argument tuples of every request channel; main validates each call against them. */
export const requestArgs = {
  'vials:list': z.tuple([]),
  'vials:upload': z.tuple([z.object({ vial: vialId, institute: instituteId })]),
  'vials:remove-file': z.tuple([z.object({ vial: vialId, file: runFile })]),
  'vials:dismiss': z.tuple([z.object({ vial: vialId, message: messageId })]),
  'settings:get': z.tuple([]),
  'settings:set': z.tuple([desktopSettings.partial()]),
  /** The renderer's session tokens after login and every refresh; null when it signs out. */
  'auth:store-tokens': z.tuple([sessionTokens.nullable()]),
  /** Sign in through the organization's provider in the system browser (RFC 8252). */
  'auth:sso-start': z.tuple([z.object({ institute: instituteId })]),
} as const;

export type RequestChannel = keyof typeof requestArgs;
export type RequestArgs<K extends RequestChannel> = z.input<(typeof requestArgs)[K]>;

export interface RequestResults {
  'vials:list': VialDrive[];
  'vials:upload': void;
  'vials:remove-file': void;
  'vials:dismiss': void;
  'settings:get': DesktopSettings;
  'settings:set': DesktopSettings;
  'auth:store-tokens': void;
  'auth:sso-start': void;
}

/** How a sign-in through the system browser ended: the session, or the login page's message. */
export type SsoFinished = { tokens: SessionTokens } | { error: string };

/** Events main pushes to the renderer. */
export interface EventPayloads {
  'vials:changed': VialDrive[];
  'upload:progress': UploadProgress;
  /** The agent refreshed the session: the renderer should adopt these tokens. */
  'auth:tokens-refreshed': SessionTokens;
  /** A vialqc://sso link came back from the system browser and was exchanged (or refused). */
  'auth:sso-finished': SsoFinished;
}
export type EventChannel = keyof EventPayloads;

export const EVENT_CHANNELS: readonly EventChannel[] = [
  'vials:changed',
  'upload:progress',
  'auth:tokens-refreshed',
  'auth:sso-finished',
];
