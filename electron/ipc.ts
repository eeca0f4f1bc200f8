import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { z } from 'zod';
import {
  requestArgs,
  type EventChannel,
  type EventPayloads,
  type RequestChannel,
  type RequestResults,
} from '../shared/ipc/channels';
import type { VialAgent } from './agent/vial-agent';
import type { SettingsStore } from './settings';
import type { SafeTokenStore } from './token-store';
import { ssoStartUrl } from './sso-link';
import { isInternalUrl } from './window';

export type IpcHandler<K extends RequestChannel> = (
  ...args: z.output<(typeof requestArgs)[K]>
) => RequestResults[K] | Promise<RequestResults[K]>;

export type IpcHandlers = { [K in RequestChannel]: IpcHandler<K> };

export interface IpcLog {
  error(message: string): void;
}

/**
 * Wraps a handler so that it runs only for the app's own pages and only with arguments that
 * match the channel's schema; anything else is dropped (answered with undefined) and logged.
 */
export function ipcValidate<K extends RequestChannel>(
  channel: K,
  handler: IpcHandler<K>,
  log: IpcLog,
) {
  return async (
    event: IpcMainInvokeEvent,
    ...args: unknown[]
  ): Promise<RequestResults[K] | undefined> => {
    const sender = event.senderFrame?.url ?? '';
    if (!isInternalUrl(sender)) {
      log.error(`Dropped ${channel} from a page outside the app: ${sender}`);
      return undefined;
    }
    const parsed = requestArgs[channel].safeParse(args);
    if (!parsed.success) {
      log.error(`Dropped a malformed ${channel} call: ${z.prettifyError(parsed.error)}`);
      return undefined;
    }
    return (handler as (...a: unknown[]) => RequestResults[K] | Promise<RequestResults[K]>)(
      ...parsed.data,
    );
  };
}

export function registerIpcHandlers(ipcMain: IpcMain, handlers: IpcHandlers, log: IpcLog): void {
  for (const channel of Object.keys(requestArgs) as RequestChannel[]) {
    ipcMain.handle(
      channel,
      ipcValidate(channel, handlers[channel] as IpcHandler<typeof channel>, log),
    );
  }
}

export interface IpcServices {
  agent: Pick<VialAgent, 'list' | 'upload' | 'removeFile' | 'dismiss'>;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  tokens: Pick<SafeTokenStore, 'replace'>;
  /** Opens a page in the system browser (shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
}

export function createIpcHandlers({
  agent,
  settings,
  tokens,
  openExternal,
}: IpcServices): IpcHandlers {
  return {
    'vials:list': () => agent.list(),
    'vials:upload': async ({ vial, institute }) => {
      await agent.upload(vial, institute);
    },
    'vials:remove-file': ({ vial, file }) => agent.removeFile(vial, file),
    'vials:dismiss': ({ vial, message }) => agent.dismiss(vial, message),
    'settings:get': () => settings.get(),
    'settings:set': (patch) => settings.set(patch),
    'auth:store-tokens': (session) => tokens.replace(session),
    'auth:sso-start': ({ institute }) =>
      openExternal(ssoStartUrl(settings.get().serverUrl, institute)),
  };
}

/** Pushes an event to the renderer, typed by the contract. */
export function sendEvent<K extends EventChannel>(
  contents: WebContents,
  channel: K,
  payload: EventPayloads[K],
): void {
  if (!contents.isDestroyed()) contents.send(channel, payload);
}
