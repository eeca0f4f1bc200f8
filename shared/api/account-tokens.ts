import { z } from 'zod';
import { id, out, text, timestamp } from './common';

/**
 * Personal access tokens: a user's own bearer tokens for integrations (scripts, the desktop
 * agent), each bound to one organization, with a scope and an expiry. The token is shown once,
 * when it is created; the server keeps only its SHA-256.
 */

/** What every personal access token starts with, so a client and the server know one on sight. */
export const PERSONAL_TOKEN_PREFIX = 'vqc_pat_';

/** `read`: GET only; `read-write`: whatever the owner's role may do (never account administration). */
export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export const tokenScope = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof tokenScope>;

/** A token lives at most a year (366 days, so "a year from today" fits in a leap year). */
export const TOKEN_MAX_DAYS = 366;
/** How long the screen offers, in days (the default first). */
export const TOKEN_LIFETIMES = [30, 7, 90, 365] as const;

export const TOKEN_NAME_MAX = 100;
export const TOKEN_EXPIRY_PAST = 'The expiry must be in the future.';
export const TOKEN_EXPIRY_TOO_FAR = 'A token expires at the latest one year from now.';

export const accountTokenCreate = z.object({
  name: text()
    .trim()
    .min(1, 'Give the token a name.')
    .max(TOKEN_NAME_MAX, `A token name has at most ${TOKEN_NAME_MAX} characters.`),
  scope: tokenScope,
  /** The organization the token is bound to: one the user belongs to (staff: any). */
  institute: id(),
  expires_at: timestamp(),
});
export type AccountTokenCreate = z.infer<typeof accountTokenCreate>;

export const accountToken = z.object({
  id: out.int(),
  name: out.text(),
  scope: tokenScope,
  institute: out.int(),
  institute_name: out.text(),
  created_at: out.text(),
  expires_at: out.text(),
  /** When the token was last used, to the minute; null when never. */
  last_used_at: out.text().nullable(),
  expired: z.boolean(),
  /**
   * Made in a single sign-on session: it works only while that session does, so `expires_at`
   * is the session's end as things stand (it moves on while the provider keeps the session).
   */
  ends_with_session: z.boolean(),
});
export type AccountTokenDto = z.infer<typeof accountToken>;

export const accountTokenList = z.object({ items: z.array(accountToken) });
export type AccountTokenList = z.infer<typeof accountTokenList>;

/** The answer of a creation: the token itself, this once. */
export const createdAccountToken = accountToken.extend({ token: out.text() });
export type CreatedAccountToken = z.infer<typeof createdAccountToken>;

/** The refusals a token meets (server/http/token-scope.ts), shown as they are. */
export const TOKEN_READ_ONLY =
  'This access token has the read scope: it may only read (GET). Use a read-write token to make changes.';
export const TOKEN_NOT_FOR_ACCOUNTS =
  'Access tokens cannot manage users, memberships, accounts, sign-in or tokens: sign in with your password.';
export const TOKEN_REFUSED = 'This access token is invalid, expired or revoked.';
