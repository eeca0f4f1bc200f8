import { z } from 'zod';
import { idParam, out, text } from './common';

/**
 * Single sign-on with an organization's OpenID Connect provider (README "Single sign-on"):
 * its settings (GET/PUT /v2/institutes/{id}/sso) and the sign-in's steps (/v2/auth/sso/*).
 */

/** The roles a user created at first sign-in may get: never staff. */
export const SSO_ROLES = ['guest', 'member', 'admin', 'owner'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domain = text()
  .trim()
  .toLowerCase()
  .max(253, 'A domain has at most 253 characters.')
  .regex(DOMAIN, 'Enter e-mail domains such as hospital.example.org.');

const httpsOrLoopback = (value: string) => {
  try {
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  } catch {
    return false;
  }
};

/** PUT /v2/institutes/{id}/sso. The secret is write-only: left out, the stored one is kept. */
export const ssoSettingsUpdate = z.object({
  issuer: text()
    .trim()
    .min(1, 'The issuer URL is required.')
    .max(500, 'The issuer URL has at most 500 characters.')
    .refine(httpsOrLoopback, 'The issuer must be an https:// URL.'),
  client_id: text().trim().min(1, 'The client id is required.').max(255),
  client_secret: text().min(1, 'The client secret must not be empty.').max(1024).optional(),
  domains: z
    .array(domain)
    .min(1, 'Name at least one e-mail domain.')
    .max(50, 'At most 50 e-mail domains.'),
  default_role: z.enum(SSO_ROLES).default('member'),
  password_login_allowed: z.boolean().default(true),
});
export type SsoSettingsUpdate = z.input<typeof ssoSettingsUpdate>;

/**
 * A domain an organization claims is `pending` until proven its own: by the DNS TXT record
 * `record` published at the domain (POST …/sso/domains/{domain}/verify), or by staff's approval
 * (…/approve). Only a verified domain routes sign-ins and can refuse password sign-in.
 */
export const SSO_DOMAIN_STATES = ['pending', 'verified'] as const;
export type SsoDomainState = (typeof SSO_DOMAIN_STATES)[number];
/** How a domain was proven: its TXT record found, or staff's approval. */
export const SSO_DOMAIN_PROOFS = ['dns', 'staff'] as const;
export type SsoDomainProof = (typeof SSO_DOMAIN_PROOFS)[number];

/** The TXT record's text that proves a domain (its token is shown on the settings screen). */
export const DOMAIN_RECORD_PREFIX = 'vialqc-domain-verification=';

export const ssoDomain = z.object({
  name: out.text(),
  state: z.enum(SSO_DOMAIN_STATES),
  /** The TXT record to publish at `name`: `vialqc-domain-verification=<token>`. */
  record: out.text(),
  verified_at: out.text().nullable(),
  verified_by: z.enum(SSO_DOMAIN_PROOFS).nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomain>;

/**
 * POST /v2/institutes/{id}/sso/domains/{domain}/verify and …/approve. Any name is taken (a name
 * the organization has not claimed answers 404 once the caller's role is checked).
 */
export const ssoDomainParams = z.object({
  id: idParam,
  domain: text().trim().toLowerCase().min(1).max(253),
});

/** GET /v2/institutes/{id}/sso: the settings, never the secret (only whether one is stored). */
export const ssoSettings = z.object({
  configured: z.boolean(),
  issuer: out.text().nullable(),
  client_id: out.text().nullable(),
  client_secret_set: z.boolean(),
  /**
   * Each claimed domain with its state, by name. A PUT's list replaces the claims: a domain left
   * out is dropped (with its proof), a new one starts pending with a fresh token, one kept keeps
   * its state and token.
   */
  domains: z.array(ssoDomain),
  default_role: z.enum(SSO_ROLES),
  password_login_allowed: z.boolean(),
  /**
   * The address the provider sends people back to ({PUBLIC_URL}/v2/auth/sso/callback): the one
   * to register with it, whatever address the settings page was opened at.
   */
  redirect_uri: out.text(),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

/** GET /v2/auth/sso/discover?email=. */
export const ssoDiscoverQuery = z.object({
  email: text().trim().min(3).max(254),
});
/** The organization whose provider signs this e-mail in. */
export const ssoDiscovery = z.object({ institute: out.int(), name: out.text() });
export type SsoDiscovery = z.infer<typeof ssoDiscovery>;

/** Where the one-time code goes after the provider: the web app, or the desktop app's link. */
export const SSO_CLIENTS = ['web', 'desktop'] as const;
export type SsoClient = (typeof SSO_CLIENTS)[number];

/** GET /v2/auth/sso/start?institute={id}[&client=desktop]. */
export const ssoStartQuery = z.object({
  institute: idParam,
  client: z.enum(SSO_CLIENTS).default('web'),
});

/** GET /v2/auth/sso/callback: what the provider sends back (checked by openid-client). */
export const ssoCallbackQuery = z.object({
  state: text().max(256).optional(),
  code: text().max(4096).optional(),
  error: text().max(256).optional(),
  error_description: text().max(1024).optional(),
  iss: text().max(500).optional(),
  session_state: text().max(1024).optional(),
});

/** POST /v2/auth/sso/exchange: the one-time code of the redirect. */
export const ssoExchange = z.object({ code: text().trim().min(1).max(128) });

/**
 * Why a sign-in through the provider ended on the login page: the `sso_error` of the redirect,
 * with the message the login page shows (never a stack, never the provider's own words alone).
 */
export const SSO_ERRORS = {
  'unknown-domain':
    'Your e-mail domain does not sign in with single sign-on here. Sign in with your password, or ask your administrator.',
  'not-configured': 'This organization has no single sign-on set up.',
  unreachable:
    "Your organization's sign-in service could not be reached. Please try again in a few minutes.",
  refused: "Your organization's sign-in service did not sign you in. Please try again.",
  invalid:
    "The answer of your organization's sign-in service could not be verified. Please try again.",
  expired: 'That sign-in took too long or was already used. Please start again.',
  disabled: 'Your account is disabled here. Please contact your administrator.',
  'no-email': "Your organization's sign-in service did not give a verified e-mail address.",
  'unverified-domain':
    'Your e-mail domain has not been verified for single sign-on with this organization yet. Sign in with your password, or ask your administrator.',
  'not-allowed':
    "This organization's sign-in service cannot sign in your account: staff accounts, and accounts that belong to another organization or to several, sign in with their password. Sign in with your password, or ask your administrator.",
  throttled:
    'Too many failed sign-in attempts for your account or from your network. Please try again in a few minutes.',
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

export const isSsoError = (value: string | null): value is SsoError =>
  value !== null && Object.hasOwn(SSO_ERRORS, value);

/** Password sign-in refused for a domain whose organization signs in only with its provider. */
export const passwordLoginRefused = (organization: string) =>
  `${organization} signs you in with single sign-on: use "Continue with ${organization}".`;

/** The query parameters of the redirect back into the app (the login page reads them). */
export const SSO_CODE_PARAM = 'sso_code';
export const SSO_ERROR_PARAM = 'sso_error';
