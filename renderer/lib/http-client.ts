/**
 * HTTP over fetch, as small as the app's calls need: query parameters, JSON or form bodies, a
 * time limit, JSON or file answers with download progress, and an error that carries the answer.
 * No policy here (tokens, retries): api-client.ts adds the app's. It replaced axios, whose
 * request and response pipeline cost the first screen ~100 ms of main thread (issue 21).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestConfig {
  method?: Method;
  url: string;
  /** Prefixed to `url`: the desktop app's server; '' in the browser (same origin). */
  baseURL?: string;
  /** Query parameters; null and undefined ones are left out, arrays repeat as `key[]`. */
  params?: object;
  /** A form (FormData, URLSearchParams) or a Blob goes as it is; anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds until the call is given up; 0 or none: no limit. */
  timeout?: number;
  /** 'blob' for a file; otherwise the answer is read as JSON (text when it is not JSON). */
  responseType?: 'json' | 'blob';
  /** Called as a file's bytes arrive, with the bytes received so far. */
  onDownloadProgress?: (event: { loaded: number }) => void;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * A call that failed: with the server's `response` when it answered with an error status,
 * without one when no answer came (network down, time limit).
 */
export class HttpError<T = unknown> extends Error {
  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly response?: HttpResponse<T>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = <T = unknown>(error: unknown): error is HttpError<T> =>
  error instanceof HttpError;

const asParam = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** `?a=1&b=x`, or '' without parameters. */
export function queryString(params: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, asParam(item));
    else search.append(key, asParam(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function bodyOf(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof URLSearchParams || data instanceof Blob)
    return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** JSON when it parses, else the text itself ('' for an empty answer). */
function parsed(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A file's bytes, reporting progress as they arrive when asked to. */
async function blobOf(response: Response, onProgress?: (event: { loaded: number }) => void) {
  if (!onProgress || !response.body) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded });
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
}

/** Sends one request; resolves with a 2xx answer, rejects with an HttpError otherwise. */
export async function send<T>(config: RequestConfig): Promise<HttpResponse<T>> {
  const headers = new Headers({ Accept: 'application/json, text/plain, */*', ...config.headers });
  const body = bodyOf(config.data, headers);
  const signal = config.timeout ? AbortSignal.timeout(config.timeout) : undefined;
  const url = `${config.baseURL ?? ''}${config.url}${queryString(config.params)}`;
  const noAnswer = (error: unknown) =>
    new HttpError(
      (error as Error).name === 'TimeoutError'
        ? `timeout of ${config.timeout}ms exceeded`
        : 'Network Error',
      config,
    );
  let response: Response;
  try {
    response = await fetch(url, { method: config.method ?? 'GET', headers, body, signal });
  } catch (error) {
    throw noAnswer(error);
  }
  let data: unknown;
  try {
    // An error's body is read as JSON whatever was asked for: it carries the server's detail.
    data =
      response.ok && config.responseType === 'blob'
        ? await blobOf(response, config.onDownloadProgress)
        : parsed(await response.text());
  } catch (error) {
    throw noAnswer(error);
  }
  const answer = { data: data as T, status: response.status, headers: response.headers };
  if (!response.ok)
    throw new HttpError(`Request failed with status code ${response.status}`, config, answer);
  return answer;
}
