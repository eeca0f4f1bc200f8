import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../server/db/embedded-postgres';

/** The OpenID provider of testing/oidc-provider-main.ts, running on loopback. */
export interface TestOidcProvider {
  issuer: string;
  /** The provider no longer knows the account (the login `email`): its grants stop working. */
  removeAccount(email: string): Promise<void>;
  /** How many HTTP requests the provider has served so far. */
  requests(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the provider with one confidential client whose redirect URI is `redirectUri`. */
export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const settings = {
    port,
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
      },
    ],
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'oidc-provider-main.ts')],
    {
      env: { ...process.env, OIDC_TEST_SETTINGS: JSON.stringify(settings) },
      // The IPC channel carries the test's controls (removeAccount, requests).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening on ${port}`)) resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.on('exit', (code) =>
      reject(new Error(`The OpenID provider stopped (${code}): ${output}`)),
    );
  });
  let sent = 0;
  const answers = new Map<number, (answer: { requests: number }) => void>();
  child.on('message', (answer: { id: number; requests: number }) => {
    answers.get(answer.id)?.(answer);
    answers.delete(answer.id);
  });
  /** Sends a control and waits for the provider's answer to it. */
  const control = (message: { remove: string } | { requests: true }) =>
    new Promise<{ requests: number }>((resolve, reject) => {
      const id = ++sent;
      answers.set(id, resolve);
      child.send({ id, ...message }, (err) => err && reject(err));
    });
  return {
    issuer: `http://127.0.0.1:${port}`,
    removeAccount: async (email) => {
      await control({ remove: email });
    },
    requests: async () => (await control({ requests: true })).requests,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A browser's cookies for one site, enough for the provider's login interaction. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/**
 * Follows the provider's login as a browser would, without a browser: from the authorization
 * URL through the login form (`email`, any password) and the consent button, to the first
 * address outside the provider (the app's callback), which it answers without calling.
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== origin) return url;
    const res: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.keep(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page: string = await res.text();
    const action: string | undefined = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt: string | undefined = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`Unexpected provider page (${res.status}): ${page}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt };
  }
  throw new Error('The provider sent the browser round in circles.');
}
