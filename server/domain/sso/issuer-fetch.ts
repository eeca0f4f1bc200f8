import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ADDRESS_WORDS, addressKind } from './issuer-address';

/**
 * The one way the server sends a request to an OpenID provider (discovery, token, JWKS,
 * userinfo): `https://` to a host whose every address is public, connected to the address that
 * was checked (so a DNS answer that changes between the check and the connection changes
 * nothing), no redirect followed, a time limit and a size limit. Plain `http://` only to this
 * machine's loopback, and only with SSO_ALLOW_HTTP_LOOPBACK (tests, local demos).
 */

/** A host name's addresses (node:dns lookup, all of them); tests answer their own. */
export type Resolve = (host: string) => Promise<string[]>;

export interface OutboundPolicy {
  /** SSO_ALLOW_HTTP_LOOPBACK: plain http (and https) to loopback addresses. */
  allowHttpLoopback: boolean;
  /** node:dns by default. */
  resolve?: Resolve;
}

export const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The longest answer read from a provider: a configuration or key set is a few kilobytes. */
const MAX_BYTES = 1024 * 1024;
/** Each request's own limit, whatever the caller's signal says. */
const LIMIT_MS = 10_000;

/** A request the server refuses to make: the words say why (they reach the settings' 422). */
export class IssuerRefused extends Error {
  override name = 'IssuerRefused';
  constructor(
    readonly kind: 'scheme' | 'address' | 'unresolved',
    message: string,
  ) {
    super(message);
  }
}

/** The refusal behind an error of openid-client (which wraps what a fetch throws), if any. */
export function refusalIn(err: unknown): IssuerRefused | null {
  let e = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if (e instanceof IssuerRefused) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** https, or http with SSO_ALLOW_HTTP_LOOPBACK (its address is checked to be loopback next). */
export function checkScheme(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttpLoopback)) {
    throw new IssuerRefused(
      'scheme',
      `${url.origin} is not an https:// address: the provider must be reached over https.`,
    );
  }
}

/**
 * The address a request to `url` may connect to, or the refusal: the scheme, then each address
 * the host resolves to (one private address among public ones refuses it all, since which one a
 * connection would take is not ours to choose).
 */
export async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<string> {
  checkScheme(url, policy);
  const plain = url.protocol === 'http:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (addressKind(host) !== null) {
    addresses = [host];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      throw new IssuerRefused(
        'unresolved',
        `${host} could not be resolved${typeof code === 'string' ? ` (${code})` : ''}.`,
      );
    }
    if (addresses.length === 0) throw new IssuerRefused('unresolved', `${host} has no address.`);
  }
  for (const address of addresses) {
    const kind = addressKind(address) ?? 'reserved';
    const allowed = plain
      ? kind === 'loopback'
      : kind === 'public' || (kind === 'loopback' && policy.allowHttpLoopback);
    if (!allowed) {
      const named = address === host ? host : `${host} resolves to ${address}`;
      throw new IssuerRefused(
        kind === 'public' ? 'scheme' : 'address',
        kind === 'public'
          ? `${url.origin} is not an https:// address: the provider must be reached over https.`
          : `${named}, ${ADDRESS_WORDS[kind]}: the server sends requests to providers on the public internet only.`,
      );
    }
  }
  return addresses[0];
}

type FetchBody = string | URLSearchParams | Uint8Array | ArrayBuffer | null | undefined;

function bodyBytes(body: unknown): Buffer | undefined {
  const given = body as FetchBody;
  if (given === null || given === undefined) return undefined;
  if (typeof given === 'string' || given instanceof URLSearchParams) {
    return Buffer.from(given.toString());
  }
  if (given instanceof Uint8Array || given instanceof ArrayBuffer) {
    return Buffer.from(given as Uint8Array);
  }
  // openid-client sends form bodies and JSON only; a stream has no place here.
  throw new TypeError('unsupported request body');
}

/** Statuses whose Response may have no body (the Fetch standard's "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export interface GuardedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | null;
  /** openid-client says 'manual'; no redirect is ever followed here, whatever it says. */
  redirect?: string;
}

/**
 * A fetch for openid-client's `customFetch`: the request to `url`, or an IssuerRefused before any
 * connection. Failures of the network throw a TypeError, as fetch does, so openid-client counts
 * them as "could not be reached"; an answer of any status (a redirect included) is returned as
 * it is.
 */
export function guardedFetch(policy: OutboundPolicy) {
  return async (resource: string, init: GuardedInit = {}): Promise<Response> => {
    const url = new URL(resource);
    const address = await checkedAddress(url, policy);
    const family = address.includes(':') ? 6 : 4;
    // The checked address, whatever the resolver would answer now.
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const signal = AbortSignal.any([
      ...(init.signal ? [init.signal] : []),
      AbortSignal.timeout(LIMIT_MS),
    ]);
    const body = bodyBytes(init.body);
    const headers: Record<string, string> = { ...init.headers, host: url.host };
    if (body) headers['content-length'] = String(body.length);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const failed = (err: unknown) =>
        reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers,
          lookup: pinned,
          // A pooled connection could outlive the check it was made under.
          agent: false,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) {
              res.destroy(new Error(`the answer exceeds ${MAX_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', failed);
          // Cut off (the time limit, the peer gone) before its end.
          res.on('close', () => {
            if (!res.complete) failed(new Error('the answer was cut off'));
          });
          res.on('end', () => {
            const answer = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
            }
            const status = res.statusCode ?? 0;
            // A Response cannot hold another status: such an answer is no provider's.
            if (status < 200 || status > 599) {
              failed(new Error(`status ${status}`));
              return;
            }
            resolve(
              new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: res.statusMessage,
                headers: answer,
              }),
            );
          });
        },
      );
      req.on('error', failed);
      req.end(body);
    });
  };
}
