import axios, { isAxiosError, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import type { ErrorBody } from '../../shared/api/common';
import type { RefreshResponse } from '../../shared/api/auth';
import { endSession, useSession } from './session-store';

const AUTH_TIMEOUT_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 60_000;
const AUTH_PREFIX = '/v2/auth/';
/** Calls whose 401 means "wrong credentials", not "expired access token". */
// The sign-in's steps: a 401 there is an answer (wrong or expired step), not a session to renew.
const NO_REFRESH = ['/v2/auth/token', '/v2/auth/refresh', '/v2/auth/mfa', '/v2/auth/sso/exchange'];

const CONNECTION_KEY = 'connection-interrupted';
export const CONNECTION_MESSAGE =
  'Connection Interrupted – Please check your internet connection or wait while we try to reconnect.';

interface RetryConfig extends InternalAxiosRequestConfig {
  retriedAfterRefresh?: boolean;
  retriedWithoutPage?: boolean;
}

/**
 * The one HTTP client of the app: same origin, bearer token, refresh on 401. Requests go out
 * through fetch: XMLHttpRequest's send() cost the first screen some 2.5 ms of main thread per
 * request (a CPU profile of /dashboard: 50 ms for its twenty requests).
 */
export const api = axios.create({ baseURL: '', timeout: DEFAULT_TIMEOUT_MS, adapter: 'fetch' });

api.interceptors.request.use((config) => {
  if (config.url?.startsWith(AUTH_PREFIX)) config.timeout = AUTH_TIMEOUT_MS;
  const { access } = useSession.getState();
  if (access && !config.headers.has('Authorization'))
    config.headers.set('Authorization', `Bearer ${access}`);
  return config;
});

let connectionLost = false;

function showConnectionLost(): void {
  if (connectionLost) return;
  connectionLost = true;
  enqueueSnackbar(CONNECTION_MESSAGE, {
    key: CONNECTION_KEY,
    variant: 'warning',
    persist: true,
    preventDuplicate: true,
  });
}

function connectionRestored(): void {
  if (!connectionLost) return;
  connectionLost = false;
  closeSnackbar(CONNECTION_KEY);
}

/**
 * Refresh tokens rotate and a reused one revokes the whole family, so concurrent 401s must share
 * a single refresh call rather than each sending the same token.
 */
let refreshing: Promise<string> | null = null;

function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const { refresh } = useSession.getState();
    if (!refresh) throw new Error('No refresh token');
    // Past the app's interceptors (a 401 here ends the session, it is not refreshed again), but
    // to the app's server: in the desktop app that is the configured address, not the page's.
    const { data } = await axios.post<RefreshResponse>(
      '/v2/auth/refresh',
      { refresh },
      { baseURL: api.defaults.baseURL, timeout: AUTH_TIMEOUT_MS },
    );
    useSession.getState().setTokens(data.access, data.refresh);
    return data.access;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function retryAfterRefresh(config: RetryConfig): Promise<unknown> {
  const sentWith = config.headers.get('Authorization');
  const current = useSession.getState().access;
  // Another request may have refreshed while this one was on the wire: reuse its token.
  let access = current && sentWith !== `Bearer ${current}` ? current : null;
  if (!access) {
    try {
      access = await refreshAccessToken();
    } catch (error) {
      // Without an answer the session may still be fine; only a refused refresh ends it.
      if (isAxiosError(error) && !error.response) {
        showConnectionLost();
        throw error;
      }
      endSession(errorDetail(error));
      throw error;
    }
  }
  config.retriedAfterRefresh = true;
  config.headers.set('Authorization', `Bearer ${access}`);
  return api.request(config);
}

api.interceptors.response.use(
  (response) => {
    connectionRestored();
    return response;
  },
  async (error: AxiosError) => {
    const config = error.config as RetryConfig | undefined;
    const status = error.response?.status;
    if (!error.response || status === 504) {
      showConnectionLost();
      throw error;
    }
    connectionRestored();
    if (!config) throw error;
    if (status === 401 && !config.retriedAfterRefresh && !NO_REFRESH.includes(config.url ?? '')) {
      return retryAfterRefresh(config);
    }
    // A page past the end of a list that shrank: ask once more for the list without it.
    if (status === 404 && config.params?.page !== undefined && !config.retriedWithoutPage) {
      const params: Record<string, unknown> = { ...config.params };
      delete params.page;
      return api.request({ ...config, params, retriedWithoutPage: true } as RetryConfig);
    }
    throw error;
  },
);

/** The server's sentence for a failed call, when it sent one (422 lists are not sentences). */
export function errorDetail(error: unknown): string | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  const detail = error.response?.data?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * A failure's message: the spec's words (the toast or panel text it prescribes), then the
 * server's reason when it gave one, so "Error creating vital vial" says why.
 */
export function withDetail(message: string, error: unknown): string {
  const detail = errorDetail(error);
  return detail && detail !== message ? `${message}: ${detail}` : message;
}

export const errorStatus = (error: unknown): number | undefined =>
  isAxiosError(error) ? error.response?.status : undefined;
