jest.mock('electron', () => ({}));

import { requestArgs, type RequestChannel } from '../shared/ipc/channels';
import { createIpcHandlers, ipcValidate, registerIpcHandlers, type IpcServices } from './ipc';

const fromApp = { senderFrame: { url: 'app://vialqc/dashboard' } } as never;

function services() {
  return {
    agent: {
      list: jest.fn(() => []),
      upload: jest.fn(async () => ({ vial: 'VV-1', uploaded: [], duplicates: [], remaining: [] })),
      removeFile: jest.fn(async () => undefined),
      dismiss: jest.fn(),
    },
    settings: {
      get: jest.fn(() => ({ serverUrl: 'https://a.example' })),
      set: jest.fn((p: { serverUrl?: string }) => ({ serverUrl: p.serverUrl ?? '' })),
    },
    tokens: { replace: jest.fn() },
    openExternal: jest.fn(async () => undefined),
  } satisfies IpcServices;
}

function registered() {
  const s = services();
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
  const log = { error: jest.fn() };
  registerIpcHandlers(
    { handle: (channel: string, h: never) => handlers.set(channel, h) } as never,
    createIpcHandlers(s),
    log,
  );
  const call = (channel: RequestChannel, ...args: unknown[]) =>
    handlers.get(channel)!(fromApp, ...args);
  return { s, handlers, log, call };
}

it('handles every channel of the contract', () => {
  expect([...registered().handlers.keys()].sort()).toEqual(Object.keys(requestArgs).sort());
});

it('passes well-formed calls to the agent, the settings and the token store', async () => {
  const { s, call, log } = registered();
  await call('vials:upload', { vial: '/media/VV-1', institute: 3 });
  expect(s.agent.upload).toHaveBeenCalledWith('/media/VV-1', 3);
  await call('vials:remove-file', { vial: '/media/VV-1', file: 'DATA/RUN00001.DAT' });
  expect(s.agent.removeFile).toHaveBeenCalledWith('/media/VV-1', 'DATA/RUN00001.DAT');
  await call('vials:dismiss', { vial: '/media/VV-1', message: 'large:DATA/RUN00001.DAT' });
  expect(s.agent.dismiss).toHaveBeenCalledWith('/media/VV-1', 'large:DATA/RUN00001.DAT');
  expect(await call('settings:set', { serverUrl: 'https://b.example' })).toEqual({
    serverUrl: 'https://b.example',
  });
  await call('auth:store-tokens', { access: 'a', refresh: 'r' });
  await call('auth:store-tokens', null);
  expect(s.tokens.replace.mock.calls).toEqual([[{ access: 'a', refresh: 'r' }], [null]]);
  expect(await call('vials:list')).toEqual([]);
  await call('auth:sso-start', { institute: 4 });
  expect(s.openExternal).toHaveBeenCalledWith(
    'https://a.example/v2/auth/sso/start?institute=4&client=desktop',
  );
  expect(log.error).not.toHaveBeenCalled();
});

it.each<[RequestChannel, unknown[]]>([
  ['vials:upload', []],
  ['vials:upload', ['/media/VV-1', 3]],
  ['vials:upload', [{ vial: '/media/VV-1', institute: '3' }]],
  ['vials:upload', [{ vial: '/media/VV-1', institute: -1 }]],
  ['vials:upload', [{ vial: '', institute: 3 }]],
  ['vials:upload', [{ vial: '/media/VV-1', institute: 3 }, 'extra']],
  ['vials:remove-file', [{ vial: '/media/VV-1' }]],
  ['vials:remove-file', [{ vial: '/media/VV-1', file: 42 }]],
  ['vials:dismiss', [null]],
  ['vials:list', ['unexpected']],
  ['settings:set', [{ serverUrl: 'javascript:alert(1)' }]],
  ['settings:set', [{ serverUrl: 'file:///etc/passwd' }]],
  ['settings:set', ['https://a.example']],
  ['auth:store-tokens', [{ access: 'a' }]],
  ['auth:store-tokens', [{ access: 'x'.repeat(9000), refresh: 'r' }]],
  ['auth:store-tokens', []],
  ['auth:sso-start', [{ institute: 'https://evil.example' }]],
])('drops and logs %s called with %j', async (channel, args) => {
  const { s, call, log } = registered();
  expect(await call(channel, ...args)).toBeUndefined();
  expect(log.error).toHaveBeenCalledWith(
    expect.stringContaining(`Dropped a malformed ${channel} call`),
  );
  for (const fn of [
    s.agent.upload,
    s.agent.removeFile,
    s.agent.dismiss,
    s.agent.list,
    s.settings.set,
    s.tokens.replace,
  ]) {
    expect(fn).not.toHaveBeenCalled();
  }
});

it('drops calls from pages outside the app', async () => {
  const handler = jest.fn();
  const log = { error: jest.fn() };
  const validated = ipcValidate('vials:list', handler, log);
  for (const url of ['https://evil.example/', 'file:///tmp/x.html', '', 'app://vialqc.evil/']) {
    expect(await validated({ senderFrame: { url } } as never)).toBeUndefined();
  }
  expect(await validated({ senderFrame: null } as never)).toBeUndefined();
  expect(handler).not.toHaveBeenCalled();
  expect(log.error).toHaveBeenCalledTimes(5);
});
