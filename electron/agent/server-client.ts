import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionTokens } from '../../shared/ipc/channels';
import { httpRequest, type HttpAnswer } from './http';

export type { HttpAnswer } from './http';

export interface RunUpload {
  instituteId: number;
  vialUuid: string;
  fileName: string;
  size: number;
  /** The file's bytes, opened afresh for every attempt. */
  open: () => AsyncIterable<Buffer>;
  signal?: AbortSignal;
}

/** Where the session's tokens live; `save` learns of every refresh. */
export interface TokenStore {
  load(): SessionTokens | null;
  save(tokens: SessionTokens): void;
}

export function memoryTokenStore(initial: SessionTokens | null = null): TokenStore {
  let tokens = initial;
  return {
    load: () => tokens,
    save: (next) => {
      tokens = next;
    },
  };
}

/** The session expired and could not be refreshed: the user has to sign in again. */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}

/**
 * The few VialQC endpoints the vial agent needs, with the bearer token and one refresh-and-retry
 * on 401 (refresh tokens rotate, so concurrent 401s share one refresh call).
 */
export class ServerClient {
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly serverUrl: () => string,
    private readonly tokens: TokenStore,
  ) {}

  /** Signs in with a password (the headless CLI); the web app hands its tokens over instead. */
  static async login(
    serverUrl: string,
    email: string,
    password: string,
    tokens: TokenStore = memoryTokenStore(),
  ): Promise<ServerClient> {
    const answer = await httpRequest({
      method: 'POST',
      url: new URL('/v2/auth/token', serverUrl),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams({ username: email, password }).toString()),
    });
    const body = answer.body as { access_token?: string; refresh_token?: string; detail?: unknown };
    if (answer.status !== 200 || !body.access_token || !body.refresh_token) {
      throw new SignedOutError(
        typeof body?.detail === 'string' ? body.detail : `Login failed (${answer.status})`,
      );
    }
    tokens.save({ access: body.access_token, refresh: body.refresh_token });
    return new ServerClient(() => serverUrl, tokens);
  }

  private url(path: string): URL {
    return new URL(path, this.serverUrl());
  }

  private async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      const refresh = this.tokens.load()?.refresh;
      if (!refresh) throw new SignedOutError('Not signed in');
      const answer = await httpRequest({
        method: 'POST',
        url: this.url('/v2/auth/refresh'),
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify({ refresh })),
      });
      const body = answer.body as { access?: string; refresh?: string };
      if (answer.status !== 200 || !body.access || !body.refresh) {
        throw new SignedOutError('The session has expired; sign in again.');
      }
      this.tokens.save({ access: body.access, refresh: body.refresh });
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Sends with the current access token; on 401 refreshes once and sends again. */
  private async authorized(
    send: (authorization: string) => Promise<HttpAnswer>,
  ): Promise<HttpAnswer> {
    const sentWith = this.tokens.load()?.access;
    if (!sentWith) throw new SignedOutError('Not signed in');
    const answer = await send(`Bearer ${sentWith}`);
    if (answer.status !== 401) return answer;
    // Another call may have refreshed while this one was on the wire.
    if (this.tokens.load()?.access === sentWith) await this.refresh();
    return send(`Bearer ${this.tokens.load()!.access}`);
  }

  getVial(label: string, signal?: AbortSignal): Promise<HttpAnswer> {
    return this.authorized((authorization) =>
      httpRequest({
        method: 'GET',
        url: this.url(`/v2/vials/${encodeURIComponent(label)}`),
        headers: { Authorization: authorization, Accept: 'application/json' },
        signal,
      }),
    );
  }

  /** Streams one run file as multipart `vial_uuid` + `file`; the file is never held in memory. */
  uploadRun(upload: RunUpload): Promise<HttpAnswer> {
    return this.authorized((authorization) => {
      const { head, tail, contentType } = multipartFrame(upload.vialUuid, upload.fileName);
      return httpRequest({
        method: 'POST',
        url: this.url(`/v2/institutes/${upload.instituteId}/record-upload`),
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Content-Type': contentType,
          'Content-Length': head.length + upload.size + tail.length,
        },
        body: Readable.from(framed(head, upload.open(), tail)),
        signal: upload.signal,
      });
    });
  }
}

async function* framed(
  head: Buffer,
  file: AsyncIterable<Buffer>,
  tail: Buffer,
): AsyncGenerator<Buffer> {
  yield head;
  yield* file;
  yield tail;
}

/** The bytes around the file in a two-part multipart/form-data body. */
function multipartFrame(vialUuid: string, fileName: string) {
  const boundary = `----vialqc-${randomBytes(12).toString('hex')}`;
  const safeName = fileName.replace(/["\r\n\\]/g, '_');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="vial_uuid"\r\n\r\n${vialUuid}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}
