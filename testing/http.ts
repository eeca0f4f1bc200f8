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
    const res = await fetch(this.baseUrl + path, { ...init, method, headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
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
