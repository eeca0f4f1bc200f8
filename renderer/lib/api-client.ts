import { closeSnackbar, enqueueSnackbar } from 'notistack';
import type { ErrorBody } from '../../shared/api/common';
import type { RefreshResponse } from '../../shared/api/auth';
import { isHttpError, send, type HttpResponse, type RequestConfig } from './http-client';
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

interface AppRequest extends RequestConfig {
  retriedAfterRefresh?: boolean;
  retriedWithoutPage?: boolean;
}
/** What a call may add to its url (and body): parameters, headers, a time limit, a file answer. */
type CallConfig = Omit<RequestConfig, 'url' | 'method' | 'data'> & { data?: unknown };

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

/** Where the app's server is: '' in the browser (same origin), the configured one on desktop. */
const defaults = { baseURL: '' };

/**
 * Refresh tokens rotate and a reused one revokes the whole family, so concurrent 401s must share
 * a single refresh call rather than each sending the same token.
 */
let refreshing: Promise<string> | null = null;

function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const { refresh } = useSession.getState();
    if (!refresh) throw new Error('No refresh token');
    // Past the app's rules (a 401 here ends the session, it is not refreshed again), but to the
    // app's server: in the desktop app that is the configured address, not the page's.
    const { data } = await send<RefreshResponse>({
      method: 'POST',
      url: '/v2/auth/refresh',
      data: { refresh },
      baseURL: defaults.baseURL,
      timeout: AUTH_TIMEOUT_MS,
    });
    useSession.getState().setTokens(data.access, data.refresh);
    return data.access;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function retryAfterRefresh<T>(config: AppRequest): Promise<HttpResponse<T>> {
  const sentWith = config.headers?.Authorization;
  const current = useSession.getState().access;
  // Another request may have refreshed while this one was on the wire: reuse its token.
  let access = current && sentWith !== `Bearer ${current}` ? current : null;
  if (!access) {
    try {
      access = await refreshAccessToken();
    } catch (error) {
      // Without an answer the session may still be fine; only a refused refresh ends it.
      if (isHttpError(error) && !error.response) {
        showConnectionLost();
        throw error;
      }
      endSession(errorDetail(error));
      throw error;
    }
  }
  return request<T>({
    ...config,
    retriedAfterRefresh: true,
    headers: { ...config.headers, Authorization: `Bearer ${access}` },
  });
}

/**
 * The app's rules around every call: its server, a time limit (shorter for sign-in steps), the
 * bearer token, a renewed token on 401, the connection warning while nothing answers, and a page
 * past the end of a list that shrank asked for once more without the page.
 */
async function request<T>(config: AppRequest): Promise<HttpResponse<T>> {
  const { access } = useSession.getState();
  const headers = { ...config.headers };
  if (access && !headers.Authorization) headers.Authorization = `Bearer ${access}`;
  const sent: AppRequest = {
    ...config,
    headers,
    baseURL: config.baseURL ?? defaults.baseURL,
    timeout: config.url.startsWith(AUTH_PREFIX)
      ? AUTH_TIMEOUT_MS
      : (config.timeout ?? DEFAULT_TIMEOUT_MS),
  };
  try {
    const response = await send<T>(sent);
    connectionRestored();
    return response;
  } catch (error) {
    if (!isHttpError(error)) throw error;
    const status = error.response?.status;
    if (!error.response || status === 504) {
      showConnectionLost();
      throw error;
    }
    connectionRestored();
    if (status === 401 && !sent.retriedAfterRefresh && !NO_REFRESH.includes(sent.url)) {
      return retryAfterRefresh<T>(sent);
    }
    const params = sent.params as Record<string, unknown> | undefined;
    if (status === 404 && params?.page !== undefined && !sent.retriedWithoutPage) {
      const { page: _page, ...rest } = params;
      return request<T>({ ...sent, params: rest, retriedWithoutPage: true });
    }
    throw error;
  }
}

/**
 * The one HTTP client of the app: same origin (or the desktop app's server), bearer token,
 * refresh on 401. Calls read as axios' did: `api.get<T>(url, { params })` gives `{ data }`.
 */
export const api = {
  defaults,
  get: <T = unknown>(url: string, config?: CallConfig) => request<T>({ ...config, url }),
  delete: <T = unknown>(url: string, config?: CallConfig) =>
    request<T>({ ...config, url, method: 'DELETE' }),
  post: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
    request<T>({ ...config, url, data, method: 'POST' }),
  put: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
    request<T>({ ...config, url, data, method: 'PUT' }),
  patch: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
    request<T>({ ...config, url, data, method: 'PATCH' }),
};

/** The server's sentence for a failed call, when it sent one (422 lists are not sentences). */
export function errorDetail(error: unknown): string | undefined {
  if (!isHttpError<ErrorBody>(error)) return undefined;
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
  isHttpError(error) ? error.response?.status : undefined;
