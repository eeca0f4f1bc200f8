/*
 * No zod here: the screens that say these (the password reset page among the first ones) import
 * them without building the schemas of account-tokens.ts.
 */
/**
 * Said on a screen before a change that revokes personal access tokens (README, "Access tokens
 * for integrations"): a password change or reset, a staff reset of the second factor,
 * deactivation and removal from an organization (that organization's tokens).
 */
export const REVOKES_OWN_TOKENS = 'This also revokes your personal access tokens.';
export const REVOKES_THEIR_TOKENS = 'This also revokes their personal access tokens.';
export const REVOKES_THEIR_ORGANIZATION_TOKENS =
  'This also revokes their personal access tokens for this organization.';
