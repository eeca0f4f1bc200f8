import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { accountUpdate, registerBody } from '../../../shared/api/auth';
import type { AccessTokens } from '../../auth/access-token';
import type { AuthUser } from '../../auth/auth-user';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { MfaTokens } from '../../auth/mfa-token';
import { sha256Hex } from '../../auth/secrets';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import type { User } from '../../entities/user';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { badRequest, notFound, unauthorized } from '../errors';
import { instituteExists } from '../institutes/repository';
import * as oneTimeTokens from '../one-time-tokens/repository';
import { revokeAllTokensOf } from '../personal-tokens/repository';
import { authorize, canSeeInstitute } from '../policy';
import * as users from '../users/repository';
import * as tokens from './repository';
import { secondFactorChallenge } from './second-factor';
import { writeAuditEntry } from '../audit/repository';
import { checkThrottle, issueTokens, loginThrottled, signedIn, type TokenDeps } from './sessions';
import { effectiveRole } from '../../../shared/domain/roles';

export const BAD_CREDENTIALS = 'Incorrect e-mail/username or password.';
const BAD_REFRESH = 'Your session has expired. Please log in again.';
const BAD_RESET_LINK = 'This password reset link is invalid or has expired.';
const BAD_INVITATION = 'This invitation link is invalid or has expired.';

export interface AuthDeps {
  db: DataSource;
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  mailer: Mailer;
  /** Where e-mailed links point (the app's address). */
  publicUrl: string;
  refreshTokenDays: number;
  mfaTokens: MfaTokens;
  /** MFA_REQUIRED_FOR_STAFF. */
  mfaRequiredForStaff: boolean;
}

/** The user behind a token: role and memberships from the database; null when not active. */
export async function loadAuthUser(db: DataSource, userId: number): Promise<AuthUser | null> {
  const user = await users.findSignedInUser(db.manager, userId);
  if (!user?.usable) return null;
  return {
    id: user.id,
    email: user.email,
    role: effectiveRole(user),
    isStaff: user.isStaff,
    instituteIds: user.instituteIds,
    generations: new Map(user.instituteIds.map((id, k) => [id, user.generations[k]])),
  };
}

const findByEmail = (db: DataSource, email: string) =>
  users.findUserByEmail(db.manager, email.trim().toLowerCase());

/** Password sign-in; `gone` aborts when the client leaves (its hash is then not computed). */
export async function login(
  deps: AuthDeps,
  username: string,
  password: string,
  address: string,
  gone?: AbortSignal,
) {
  const account = username.trim().toLowerCase();
  await checkThrottle(deps, 'login', account, address, loginThrottled);
  const user = await findByEmail(deps.db, account);
  const ok = user
    ? await verifyPassword(user.passwordHash, password, gone)
    : await verifyPassword(await decoyHash(), password, gone).then(() => false);
  if (!user || !ok || !user.isActive) {
    await deps.throttle.record(deps.db.manager, 'login', account, address);
    await writeAuditEntry(deps.db.manager, {
      instituteId: null,
      objectType: 'user',
      objectId: user?.id ?? null,
      action: 'sign_in_failed',
      changes: { reason: !user || !ok ? 'wrong e-mail or password' : 'account deactivated' },
      actor: { id: user?.id ?? null, email: account },
    });
    throw badRequest(BAD_CREDENTIALS);
  }
  // With a second factor to come, the failed attempts still count: they are forgotten only when
  // the code is right, so a known password does not reset the count of codes guessed with it.
  const challenge = await secondFactorChallenge(deps, user);
  if (challenge) return challenge;
  await deps.throttle.clearAccount(deps.db.manager, 'login', account);
  return signedIn(deps, user, 'password');
}

/** A single sign-on session whose provider issued a refresh token, as its rotation found it. */
export interface ProviderSession {
  family: string;
  userId: number;
  instituteId: number | null;
  /** The provider's refresh token, encrypted (server/auth/sso-secret.ts). */
  providerRefreshEncrypted: string;
}

/** What the provider said of the session at a refresh (server/domain/sso asks it). */
export type ProviderCheck =
  /** It still knows the user: `save` records that (the rotated token) in the refresh's transaction. */
  | { kind: 'known'; save: (manager: EntityManager) => Promise<void> }
  /** It no longer knows the user (or revoked the grant): the session ends, with `detail`. */
  | { kind: 'gone'; detail: string }
  /** It could not be asked: the session lives on within its SSO_SESSION_HOURS. */
  | { kind: 'unchecked' };

export interface RefreshDeps extends TokenDeps {
  /** Asks the provider of the session; called outside any transaction (a network call). */
  recheckSession: (session: ProviderSession) => Promise<ProviderCheck>;
}

/** The new tokens of the family, or null when its user may no longer sign in. */
async function renew(deps: TokenDeps, manager: EntityManager, userId: number, family: string) {
  const user = await users.findUserWithInstitutes(manager, userId);
  if (!user || !user.isActive) return null;
  return issueTokens(deps, user, family, manager);
}

/**
 * Rotates a refresh token. A token that was already rotated (or revoked) is a replay of a stolen
 * token: the whole family is revoked, which also logs out whoever holds the newest token.
 *
 * A single sign-on session with the provider's refresh token is re-checked with the provider
 * first (no call for other sessions). The token is used up (rotated, committed) before the call,
 * so it stays single-use without a row lock held across the network; the new tokens are issued
 * after, in a second transaction, unless the family was revoked meanwhile.
 */
export async function refresh(deps: RefreshDeps, token: string) {
  const rotated = await deps.db.transaction(async (manager) => {
    const row = await tokens.findRefreshToken(manager, token);
    if (!row) throw unauthorized(BAD_REFRESH);
    const usable = await tokens.rotateRefreshToken(manager, row.id);
    if (!usable) {
      if (row.rotatedAt || row.revokedAt) await tokens.revokeFamily(manager, row.family);
      // Commit the revocation even though the request fails.
      return null;
    }
    if (usable.providerRefreshEncrypted === null) {
      return { issued: await renew(deps, manager, row.userId, row.family) };
    }
    const session: ProviderSession = {
      family: row.family,
      userId: row.userId,
      instituteId: usable.instituteId,
      providerRefreshEncrypted: usable.providerRefreshEncrypted,
    };
    return { id: row.id, session };
  });
  if (!rotated) throw unauthorized(BAD_REFRESH);
  const issued = 'issued' in rotated ? rotated.issued : await afterRecheck(deps, rotated);
  if (!issued) throw unauthorized(BAD_REFRESH);
  return issued;
}

async function afterRecheck(deps: RefreshDeps, rotated: { id: number; session: ProviderSession }) {
  const { family, userId } = rotated.session;
  const check = await deps.recheckSession(rotated.session);
  if (check.kind === 'gone') {
    await tokens.revokeFamily(deps.db.manager, family);
    throw unauthorized(check.detail);
  }
  return deps.db.transaction(async (manager) => {
    // Logged out, or a replay of an older token, while the provider was asked.
    if (await tokens.isRevoked(manager, rotated.id)) return null;
    if (check.kind === 'known') await check.save(manager);
    return renew(deps, manager, userId, family);
  });
}

export async function requestPasswordReset(
  deps: Pick<AuthDeps, 'db' | 'mailer' | 'publicUrl' | 'throttle'>,
  email: string,
  address: string,
) {
  // Every request counts (each may send an e-mail), known address or not, so the limit tells
  // nothing about which accounts exist.
  const account = email.trim().toLowerCase();
  await checkThrottle(
    deps,
    'password_reset',
    account,
    address,
    (wait) => `Too many password reset requests. Please try again in ${wait}.`,
  );
  await deps.throttle.record(deps.db.manager, 'password_reset', account, address);
  const user = await findByEmail(deps.db, email);
  // Unknown and unregistered addresses get the same answer, so accounts cannot be discovered.
  if (!user || !user.isActive || !user.passwordHash) return;
  const token = await deps.db.transaction(async (manager) => {
    // Anyone may ask: the entry names the account asked for, not who asked.
    await writeAuditEntry(manager, {
      instituteId: null,
      objectType: 'user',
      objectId: user.id,
      action: 'password_reset_requested',
      actor: { id: null, email: account },
    });
    return oneTimeTokens.createOneTimeToken(manager, user.id, 'password_reset');
  });
  const link = `${deps.publicUrl}/reset-password-confirm/${token}`;
  await deps.mailer.send(passwordResetMail(user.email, link));
}

export async function resetPassword({ db }: { db: DataSource }, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (manager) => {
    const userId = await oneTimeTokens.consumeOneTimeToken(manager, token, 'password_reset');
    if (userId === null) throw badRequest(BAD_RESET_LINK);
    await users.updateUser(manager, userId, { passwordHash });
    await endOtherSessions(manager, userId);
    // Whoever knew the old password may have made tokens with it.
    await revokeAllTokensOf(manager, userId, 'password reset');
  });
}

type RegistrationDeps = Pick<AuthDeps, 'db' | 'throttle'>;

/**
 * Registration requests with a link that is invalid, expired or used count against the link
 * and the client address, as failed logins do: whoever guesses links gets 429s.
 */
const checkRegistration = (deps: RegistrationDeps, token: string, address: string) =>
  checkThrottle(
    deps,
    'registration',
    sha256Hex(token),
    address,
    (wait) => `Too many registration attempts. Please try again in ${wait}.`,
  );
const failedRegistration = (deps: RegistrationDeps, token: string, address: string) =>
  deps.throttle.record(deps.db.manager, 'registration', sha256Hex(token), address);

export async function registrationInfo(deps: RegistrationDeps, token: string, address: string) {
  await checkRegistration(deps, token, address);
  const row = await oneTimeTokens.peekOneTimeToken(deps.db.manager, token, 'registration');
  const user = row && (await users.findUser(deps.db.manager, row.userId));
  if (!user || user.passwordHash) {
    await failedRegistration(deps, token, address);
    throw notFound(BAD_INVITATION);
  }
  return { email: user.email, first_name: user.firstName, last_name: user.lastName };
}

export async function register(
  deps: RegistrationDeps,
  body: z.output<typeof registerBody>,
  address: string,
) {
  await checkRegistration(deps, body.token, address);
  const passwordHash = await hashPassword(body.password);
  const account = await deps.db.transaction(async (manager) => {
    const userId = await oneTimeTokens.consumeOneTimeToken(manager, body.token, 'registration');
    if (userId === null) return null;
    await users.updateUser(manager, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
    });
    return accountOf(manager, userId);
  });
  if (!account) {
    await failedRegistration(deps, body.token, address);
    throw badRequest(BAD_INVITATION);
  }
  return account;
}

async function accountOf(manager: EntityManager, userId: number) {
  const user = await users.findUserWithInstitutes(manager, userId);
  if (!user) throw notFound();
  return user;
}

export const getAccount = ({ db }: { db: DataSource }, userId: number) =>
  accountOf(db.manager, userId);

/**
 * The organization the user last chose, while they may still see it; null otherwise, and their
 * default organization applies (a user who lost access to it starts there again).
 */
export function lastInstituteOf(user: User): number | null {
  const chosen = user.lastInstituteId;
  const access = { isStaff: user.isStaff, instituteIds: (user.institutes ?? []).map((i) => i.id) };
  return chosen !== null && canSeeInstitute(access, chosen) ? chosen : null;
}

/**
 * Remembers the organization the user chose in the selector, on the server, so their next
 * sign-in starts there in any browser or the desktop app. One they may not see answers 404.
 */
export async function chooseInstitute(
  { db }: { db: DataSource },
  me: AuthUser,
  instituteId: number,
) {
  authorize(me, 'read', instituteId);
  if (!(await instituteExists(db.manager, instituteId))) throw notFound();
  await users.updateUser(db.manager, me.id, { lastInstituteId: instituteId });
  return getAccount({ db }, me.id);
}

/**
 * After a password change or reset: every refresh token of the user stops working except those
 * of the session that changed it (none after a reset), and every reset link of the user dies.
 */
async function endOtherSessions(manager: EntityManager, userId: number, keep?: string) {
  await tokens.revokeAllRefreshTokens(manager, userId, keep);
  await oneTimeTokens.useUpOneTimeTokens(manager, userId, 'password_reset');
}

export async function updateAccount(
  { db }: { db: DataSource },
  userId: number,
  body: z.output<typeof accountUpdate>,
  session?: string,
) {
  await db.transaction(async (manager) => {
    const user = await users.findUser(manager, userId);
    if (!user) throw notFound();
    const changes: Partial<User> = { firstName: body.first_name, lastName: body.last_name };
    if (body.new_password) {
      if (!(await verifyPassword(user.passwordHash, body.current_password ?? ''))) {
        throw badRequest('Your current password is incorrect.');
      }
      changes.passwordHash = await hashPassword(body.new_password);
    }
    await users.updateUser(manager, userId, changes);
    if (changes.passwordHash) {
      await endOtherSessions(manager, userId, session);
      // A token made by whoever knew the old password must not outlive it (the screen says so).
      await revokeAllTokensOf(manager, userId, 'password changed');
    }
  });
  return getAccount({ db }, userId);
}
