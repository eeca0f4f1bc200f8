import QRCode from 'qrcode';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { AuthUser } from '../../auth/auth-user';
import type { MfaTokens } from '../../auth/mfa-token';
import {
  isTotpCode,
  matchingTotpStep,
  newRecoveryCode,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  totpUrl,
} from '../../auth/second-factor';
import { openTotpSecret, sealTotpSecret } from '../../auth/totp-secret';
import type { User } from '../../entities/user';
import { MFA_MESSAGES } from '../../../shared/api/second-factor';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { authorize } from '../policy';
import * as users from '../users/repository';
import * as repo from './second-factor-repository';
import { muteAuditOf, writeAuditEntry } from '../audit/repository';
import { revokeAllTokensOf } from '../personal-tokens/repository';
import {
  auditSignIn,
  checkThrottle,
  issueTokens,
  loginThrottled,
  signedIn,
  type TokenDeps,
} from './sessions';

/** What the second factor's rules need; `now` is the clock codes are checked against. */
export interface SecondFactorDeps extends TokenDeps {
  throttle: LoginThrottle;
  mfaTokens: MfaTokens;
  /** MFA_REQUIRED_FOR_STAFF. */
  mfaRequiredForStaff: boolean;
  now: () => number;
  /** The key TOTP secrets are encrypted with at rest (SSO_SECRET_KEY, server/auth/totp-secret.ts). */
  secretKey: Buffer;
}

/**
 * Whether the user must have a second factor: staff while MFA_REQUIRED_FOR_STAFF is on, and the
 * (password) users of an organization that requires one.
 */
export const mustUseSecondFactor = (
  deps: Pick<SecondFactorDeps, 'mfaRequiredForStaff'>,
  user: User,
): boolean =>
  (user.isStaff && deps.mfaRequiredForStaff) || (user.institutes ?? []).some((i) => i.mfaRequired);

/**
 * After a correct password: the second step the user must take, with its `mfa_token`, or null
 * when the password suffices. A user with a second factor is asked for a code; one who must have
 * one but has none yet is sent to enrolment.
 */
export async function secondFactorChallenge(
  deps: Pick<SecondFactorDeps, 'mfaTokens' | 'mfaRequiredForStaff'>,
  user: User,
) {
  if (user.totpConfirmedAt) {
    return { mfa_required: true as const, mfa_token: await deps.mfaTokens.sign(user.id, 'mfa') };
  }
  if (mustUseSecondFactor(deps, user)) {
    const token = await deps.mfaTokens.sign(user.id, 'mfa_enrolment');
    return { mfa_enrolment_required: true as const, mfa_token: token };
  }
  return null;
}

/**
 * Accepts a code of the user's second factor once: a TOTP code of a step within ±1 of now and
 * later than the last accepted, or an unused recovery code (used up by this).
 */
async function acceptCode(deps: SecondFactorDeps, user: User, code: string): Promise<boolean> {
  if (!user.totpSecret || !user.totpConfirmedAt) return false;
  if (isTotpCode(code)) {
    const secret = openTotpSecret(deps.secretKey, user.totpSecret, user.id);
    const step = matchingTotpStep(secret, code, deps.now(), user.totpLastStep);
    return step !== null && (await repo.useStep(deps.db.manager, user.id, step));
  }
  return repo.useRecoveryCode(deps.db.manager, user.id, recoveryCodeHash(code));
}

/**
 * Checks a code against the throttle of failed sign-ins: refused with 429 while the account or
 * address is over its limit, and a wrong code counts as a failed sign-in.
 */
async function checkCode(deps: SecondFactorDeps, user: User, code: string, address: string) {
  await checkThrottle(deps, 'login', user.email, address, loginThrottled);
  if (!(await acceptCode(deps, user, code))) {
    await deps.throttle.record(deps.db.manager, 'login', user.email, address);
    throw badRequest(MFA_MESSAGES.badCode);
  }
}

/** POST /v2/auth/mfa: the `mfa_token` of a correct password and a code give the session. */
export async function signInWithCode(
  deps: SecondFactorDeps,
  mfaToken: string,
  code: string,
  address: string,
) {
  const userId = await deps.mfaTokens.verify(mfaToken, 'mfa');
  const user = userId === null ? null : await users.findUserWithInstitutes(deps.db.manager, userId);
  // Deactivated, or the second factor was reset since the password: start again.
  if (!user?.isActive || !user.totpConfirmedAt) throw unauthorized(MFA_MESSAGES.expired);
  await checkCode(deps, user, code, address);
  await deps.throttle.clearAccount(deps.db.manager, 'login', user.email);
  return signedIn(deps, user, 'second factor');
}

async function accountUser(deps: SecondFactorDeps, me: AuthUser) {
  const user = await users.findUserWithInstitutes(deps.db.manager, me.id);
  if (!user) throw notFound();
  return user;
}

/**
 * POST /v2/account/mfa/totp: a new secret, its otpauth URL and QR code. Not in use until a code
 * confirms it; asking again replaces it. Refused while a second factor is in use.
 */
export async function startEnrolment(deps: SecondFactorDeps, me: AuthUser) {
  const user = await accountUser(deps, me);
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(deps.secretKey, secret, user.id);
  if (!(await repo.setPendingSecret(deps.db.manager, user.id, sealed))) {
    throw conflict(MFA_MESSAGES.alreadyOn);
  }
  const url = totpUrl(secret, user.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * POST /v2/account/mfa/totp/confirm: a code of the pending secret puts it in use and gives ten
 * recovery codes, shown this once. Enrolling during sign-in (an enrolment `mfa_token`), the
 * session's tokens come with them.
 */
export async function confirmEnrolment(
  deps: SecondFactorDeps,
  me: AuthUser,
  code: string,
  enrolling: boolean,
) {
  const user = await accountUser(deps, me);
  if (user.totpConfirmedAt) throw conflict(MFA_MESSAGES.alreadyOn);
  if (!user.totpSecret) throw conflict(MFA_MESSAGES.notStarted);
  const pending = openTotpSecret(deps.secretKey, user.totpSecret, user.id);
  const step = isTotpCode(code) ? matchingTotpStep(pending, code, deps.now(), null) : null;
  if (step === null) throw badRequest(MFA_MESSAGES.badCode);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const session = await deps.db.transaction(async (manager) => {
    // The stored (encrypted) form: the row still holds the secret this code was checked with.
    if (!(await repo.confirmSecret(manager, user.id, user.totpSecret!, step))) {
      throw conflict(MFA_MESSAGES.alreadyOn);
    }
    await repo.replaceRecoveryCodes(manager, user.id, codes.map(recoveryCodeHash));
    if (!enrolling) return null;
    await auditSignIn(manager, user, 'second factor');
    return issueTokens(deps, user, undefined, manager);
  });
  if (!session) return { recovery_codes: codes };
  await deps.throttle.clearAccount(deps.db.manager, 'login', user.email);
  return {
    recovery_codes: codes,
    access_token: session.access,
    refresh_token: session.refresh,
    token_type: 'bearer' as const,
  };
}

/**
 * DELETE /v2/account/mfa/totp: a current code or a recovery code turns the second factor off,
 * unless the account must have one (staff, or an organization that requires it).
 */
export async function disable(deps: SecondFactorDeps, me: AuthUser, code: string, address: string) {
  const user = await accountUser(deps, me);
  if (!user.totpConfirmedAt) throw conflict(MFA_MESSAGES.notOn);
  if (mustUseSecondFactor(deps, user)) throw conflict(MFA_MESSAGES.required);
  await checkCode(deps, user, code, address);
  await repo.clearSecondFactor(deps.db.manager, user.id);
}

/**
 * DELETE /v2/users/{id}/mfa (staff): a user who lost their device signs in with their password
 * again, and is sent to enrolment where a second factor is required. Their personal access
 * tokens are revoked with it.
 */
export async function reset(deps: Pick<SecondFactorDeps, 'db'>, me: AuthUser, userId: number) {
  authorize(me, 'users:reset-second-factor');
  if (!(await users.findUser(deps.db.manager, userId))) throw notFound();
  // Recorded even when there was none to clear: staff acted on the account.
  await deps.db.transaction(async (manager) => {
    // One entry tells it: the cleared secret and codes would otherwise be a second, an update.
    await muteAuditOf(manager, 'users');
    await repo.clearSecondFactor(manager, userId);
    // A lost or stolen device: whoever holds it may hold the account's tokens too, and the
    // owner makes new ones once signed in again (the dialog says so beforehand).
    await revokeAllTokensOf(manager, userId, 'second factor reset');
    await writeAuditEntry(manager, {
      instituteId: null,
      objectType: 'user',
      objectId: userId,
      action: 'second_factor_reset',
    });
  });
}
