/**
 * The second factor's enrolment endpoints take the session's token, or, during sign-in, the
 * enrolment `mfa_token` as the bearer token (set here, so no session token is sent instead).
 */
export const withEnrolmentToken = (mfaToken?: string) =>
  mfaToken ? { headers: { Authorization: `Bearer ${mfaToken}` } } : undefined;
