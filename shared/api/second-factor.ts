import { z } from 'zod';
import { tokenResponse } from './auth';
import { out, text } from './common';

/** What a person types: a 6-digit code from the app, or a recovery code (xxxx-xxxx-xxxx-xxxx). */
const code = text()
  .trim()
  .min(1, 'Enter the code from your authenticator app or a recovery code.')
  .max(64, 'That is not a code: enter 6 digits or a recovery code.');

/** An `mfa_token` from POST /v2/auth/token (a JWT, a few hundred characters). */
const mfaToken = text().min(1).max(2048);

/** A password alone when the account needs a second factor: no access token yet. */
export const mfaChallenge = z.object({ mfa_required: z.literal(true), mfa_token: out.text() });
/** A password alone when the account must set up a second factor first. */
export const mfaEnrolmentChallenge = z.object({
  mfa_enrolment_required: z.literal(true),
  mfa_token: out.text(),
});

/** POST /v2/auth/token: the tokens, or the second step the account must take. */
export const loginResponse = z.union([tokenResponse, mfaChallenge, mfaEnrolmentChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /v2/auth/mfa: the second step of sign-in. */
export const mfaLogin = z.object({ mfa_token: mfaToken, code });
export type MfaLogin = z.infer<typeof mfaLogin>;

/** POST /v2/account/mfa/totp: a new secret to scan (not in use until confirmed). */
export const totpEnrolment = z.object({
  secret: out.text(),
  otpauth_url: out.text(),
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: out.text(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpCode = z.object({ code });
export type TotpCode = z.infer<typeof totpCode>;

/** The recovery codes, shown this once; and the tokens when enrolling during sign-in. */
export const totpConfirmation = z.object({
  recovery_codes: z.array(out.text()),
  access_token: out.text().optional(),
  refresh_token: out.text().optional(),
  token_type: z.literal('bearer').optional(),
});
export type TotpConfirmation = z.infer<typeof totpConfirmation>;

export const MFA_MESSAGES = {
  badCode: 'That code is not valid, or was already used. Enter a new code from your app.',
  expired: 'Your sign-in took too long. Please sign in again with your password.',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notStarted: 'Start the set-up first: scan a new QR code.',
  notOn: 'Two-factor authentication is not on for this account.',
  required:
    'Two-factor authentication is required for your account and cannot be turned off. ' +
    'Ask the VialQC staff to reset it if you lost your device.',
} as const;
