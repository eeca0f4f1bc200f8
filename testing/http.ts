import http from 'node:http';
import { noteTokens } from './suite-logs';

/** A small fetch client for tests that talk to the real HTTP server. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
  ) {}

  as(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = any>(method: string, path: string, init: RequestInit = {}): Promise<Answer<T>> {
    const headers = new Headers(init.headers);
    if (this.token) headers.set('Authorization', `Bearer ${this.token}`);
    // A redirect (single sign-on) is an answer to look at, not to follow.
    const res = await fetch(this.baseUrl + path, { redirect: 'manual', ...init, method, headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    noteTokens(body);
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  private json<T>(method: string, path: string, body: unknown) {
    return this.request<T>(method, path, {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
  }

  post<T = any>(path: string, body?: unknown) {
    return this.json<T>('POST', path, body ?? {});
  }

  patch<T = any>(path: string, body: unknown) {
    return this.json<T>('PATCH', path, body);
  }

  put<T = any>(path: string, body: unknown) {
    return this.json<T>('PUT', path, body);
  }

  form<T = any>(path: string, fields: Record<string, string>) {
    return this.request<T>('POST', path, { body: new URLSearchParams(fields) });
  }

  multipart<T = any>(path: string, form: FormData) {
    return this.request<T>('POST', path, { body: form });
  }
}

/** An answer as it came over the wire: node:http unpacks nothing (fetch would). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request with node:http, the path sent as it is (a URL object would resolve dot segments).
 * Each request gets its own connection: a kept-alive one can be closed by the server's idle
 * timeout just as the next request is written (ECONNRESET on a busy machine), a race these tests
 * do not control and are not about.
 */
export function rawRequest(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname, port, path: urlPath, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
