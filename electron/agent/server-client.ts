import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { PERSONAL_TOKEN_PREFIX } from '../../shared/api/account-tokens';
import { refreshResponse, tokenResponse } from '../../shared/api/auth';
import { errorBody } from '../../shared/api/common';
import { uploadResponse, type UploadResponse } from '../../shared/api/records';
import { vial, type Vial } from '../../shared/api/vials';
import type { SessionTokens } from '../../shared/ipc/channels';
import { httpRequest, type HttpAnswer } from './http';

/**
 * What the server answered, read with the endpoint's schema from shared/api: the parsed body
 * when the status is the endpoint's success, otherwise the status and the reason it gave.
 */
export type ServerAnswer<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number; detail: string | undefined };

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

/** The server answered with a success status, but not in the shape shared/api describes. */
export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';

  constructor(what: string, error: z.ZodError) {
    const issue = error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    super(`The server's answer to ${what} was not understood (${where}${issue?.message}).`);
  }
}

/** The body of a success answer, parsed with the endpoint's schema. */
function parseBody<T>(schema: z.ZodType<T>, answer: HttpAnswer, what: string): T {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new MalformedAnswerError(what, parsed.error);
  return parsed.data;
}

/** The reason an error answer gives (shared/api's error body), if it gives one. */
function errorDetail(body: unknown): string | undefined {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { detail } = parsed.data;
  if (typeof detail === 'string') return detail;
  return detail
    .map((issue) => issue.msg)
    .filter(Boolean)
    .join(' ');
}

/** Reads an answer: a success status has its body parsed, any other is a refusal. */
function read<T>(
  answer: HttpAnswer,
  success: readonly number[],
  schema: z.ZodType<T>,
  what: string,
): ServerAnswer<T> {
  if (!success.includes(answer.status)) {
    return { ok: false, status: answer.status, detail: errorDetail(answer.body) };
  }
  return { ok: true, status: answer.status, body: parseBody(schema, answer, what) };
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
    if (answer.status !== 200) {
      const detail = errorBody.safeParse(answer.body).data?.detail;
      throw new SignedOutError(
        typeof detail === 'string' ? detail : `Login failed (${answer.status})`,
      );
    }
    if (
      typeof answer.body === 'object' &&
      answer.body !== null &&
      ('mfa_required' in answer.body || 'mfa_enrolment_required' in answer.body)
    ) {
      // The agent cannot ask for a code: such accounts sign it in with a personal access token.
      throw new SignedOutError(
        'This account signs in with two-factor authentication, which the agent cannot do: ' +
          'use a personal access token instead of the password.',
      );
    }
    const body = parseBody(tokenResponse, answer, 'the sign-in');
    tokens.save({ access: body.access_token, refresh: body.refresh_token });
    return new ServerClient(() => serverUrl, tokens);
  }

  /**
   * Uses a personal access token (`vqc_pat_…`, made on the account page; read-write, for uploads)
   * instead of a password: nothing to refresh, so a refused token signs the client out.
   */
  static withToken(serverUrl: string | (() => string), token: string): ServerClient {
    if (!token.startsWith(PERSONAL_TOKEN_PREFIX)) {
      throw new SignedOutError(
        `This is not a VialQC access token (they start with ${PERSONAL_TOKEN_PREFIX}).`,
      );
    }
    return new ServerClient(
      typeof serverUrl === 'string' ? () => serverUrl : serverUrl,
      memoryTokenStore({ access: token, refresh: '' }),
    );
  }

  /**
   * The agent's client in the desktop app: with VIALQC_TOKEN set (a workstation that uploads
   * unattended, whoever is signed in to the window, or nobody) that personal access token;
   * otherwise the session signed in in the window.
   */
  static forDesktop(
    serverUrl: () => string,
    session: TokenStore,
    env: NodeJS.ProcessEnv = process.env,
  ): ServerClient {
    return env.VIALQC_TOKEN
      ? ServerClient.withToken(serverUrl, env.VIALQC_TOKEN)
      : new ServerClient(serverUrl, session);
  }

  private url(path: string): URL {
    return new URL(path, this.serverUrl());
  }

  private async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      const { access, refresh } = this.tokens.load() ?? {};
      if (access?.startsWith(PERSONAL_TOKEN_PREFIX)) {
        throw new SignedOutError(
          'The access token was refused: it is invalid, expired or revoked. Create a new one on your account page.',
        );
      }
      if (!refresh) throw new SignedOutError('Not signed in');
      const answer = await httpRequest({
        method: 'POST',
        url: this.url('/v2/auth/refresh'),
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify({ refresh })),
      });
      if (answer.status !== 200) {
        throw new SignedOutError('The session has expired; sign in again.');
      }
      let body: z.infer<typeof refreshResponse>;
      try {
        body = parseBody(refreshResponse, answer, 'the session refresh');
      } catch (error) {
        // The old refresh token may already be spent: only a new sign-in helps.
        throw new SignedOutError(`${(error as Error).message} Sign in again.`);
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

  /** GET /v2/vials/{label}; a 200 whose body is not a vial rejects with MalformedAnswerError. */
  async getVial(label: string, signal?: AbortSignal): Promise<ServerAnswer<Vial>> {
    const answer = await this.authorized((authorization) =>
      httpRequest({
        method: 'GET',
        url: this.url(`/v2/vials/${encodeURIComponent(label)}`),
        headers: { Authorization: authorization, Accept: 'application/json' },
        signal,
      }),
    );
    return read(answer, [200], vial, `the vial ${label}`);
  }

  /**
   * Streams one run file as multipart `vial_uuid` + `file`; the file is never held in memory.
   * A 200/201 whose body is not an upload answer rejects with MalformedAnswerError.
   */
  async uploadRun(upload: RunUpload): Promise<ServerAnswer<UploadResponse>> {
    const answer = await this.authorized((authorization) => {
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
    return read(answer, [200, 201], uploadResponse, `the upload of ${upload.fileName}`);
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
