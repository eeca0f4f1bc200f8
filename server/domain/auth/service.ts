import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { accountUpdate, registerBody } from '../../../shared/api/auth';
import type { AccessTokens } from '../../auth/access-token';
import type { AuthUser } from '../../auth/auth-user';
import type { LoginThrottle } from '../../auth/login-throttle';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import type { User } from '../../entities/user';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../errors';
import * as users from '../users/repository';
import * as tokens from './repository';

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
}
type TokenDeps = Pick<AuthDeps, 'db' | 'accessTokens' | 'refreshTokenDays'>;

/** The user behind a token: role and memberships from the database; null when not active. */
export async function loadAuthUser(db: DataSource, userId: number): Promise<AuthUser | null> {
  const user = await users.findUserWithInstitutes(db.manager, userId);
  if (!user || !user.isActive || !user.passwordHash) return null;
  return {
    id: user.id,
    email: user.email,
    role: user.isStaff ? 'staff' : user.role,
    isStaff: user.isStaff,
    instituteIds: user.institutes.map((i) => i.id).sort((a, b) => a - b),
  };
}

/** Access token plus a refresh token of the given family (a new family at login). */
export async function issueTokens(
  deps: TokenDeps,
  user: User,
  family: string = randomUUID(),
  manager: EntityManager = deps.db.manager,
): Promise<{ access: string; refresh: string }> {
  const refresh = await tokens.insertRefreshToken(manager, user.id, family, deps.refreshTokenDays);
  const access = await deps.accessTokens.sign({
    sub: user.id,
    roles: [user.isStaff ? 'staff' : user.role],
    institutes: (user.institutes ?? []).map((i) => i.id),
  });
  return { access, refresh };
}

const findByEmail = (db: DataSource, email: string) =>
  users.findUserByEmail(db.manager, email.trim().toLowerCase());

export async function login(deps: AuthDeps, username: string, password: string, address: string) {
  const account = username.trim().toLowerCase();
  const wait = deps.throttle.retryAfter(account, address);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed login attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
      wait,
    );
  }
  const user = await findByEmail(deps.db, account);
  const ok = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyPassword(await decoyHash(), password).then(() => false);
  if (!user || !ok || !user.isActive) {
    deps.throttle.recordFailure(account, address);
    throw badRequest(BAD_CREDENTIALS);
  }
  deps.throttle.recordSuccess(account);
  const { access, refresh } = await issueTokens(deps, user);
  return { access_token: access, refresh_token: refresh, token_type: 'bearer' as const };
}

/**
 * Rotates a refresh token. A token that was already rotated (or revoked) is a replay of a stolen
 * token: the whole family is revoked, which also logs out whoever holds the newest token.
 */
export async function refresh(deps: TokenDeps, token: string) {
  return deps.db
    .transaction(async (manager) => {
      const row = await tokens.findRefreshToken(manager, token);
      if (!row) throw unauthorized(BAD_REFRESH);
      if (!(await tokens.rotateRefreshToken(manager, row.id))) {
        if (row.rotatedAt || row.revokedAt) await tokens.revokeFamily(manager, row.family);
        // Commit the revocation even though the request fails.
        return null;
      }
      const user = await users.findUserWithInstitutes(manager, row.userId);
      if (!user || !user.isActive) return null;
      return issueTokens(deps, user, row.family, manager);
    })
    .then((issued) => {
      if (!issued) throw unauthorized(BAD_REFRESH);
      return issued;
    });
}

export async function requestPasswordReset(
  deps: Pick<AuthDeps, 'db' | 'mailer' | 'publicUrl'>,
  email: string,
) {
  const user = await findByEmail(deps.db, email);
  // Unknown and unregistered addresses get the same answer, so accounts cannot be discovered.
  if (!user || !user.isActive || !user.passwordHash) return;
  const token = await tokens.createOneTimeToken(deps.db.manager, user.id, 'password_reset');
  const link = `${deps.publicUrl}/reset-password-confirm/${token}`;
  await deps.mailer.send(passwordResetMail(user.email, link));
}

export async function resetPassword({ db }: { db: DataSource }, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (manager) => {
    const userId = await tokens.consumeOneTimeToken(manager, token, 'password_reset');
    if (userId === null) throw badRequest(BAD_RESET_LINK);
    await users.updateUser(manager, userId, { passwordHash });
    await tokens.revokeAllRefreshTokens(manager, userId);
  });
}

export async function registrationInfo({ db }: { db: DataSource }, token: string) {
  const row = await tokens.peekOneTimeToken(db.manager, token, 'registration');
  const user = row && (await users.findUser(db.manager, row.userId));
  if (!user || user.passwordHash) throw notFound(BAD_INVITATION);
  return { email: user.email, first_name: user.firstName, last_name: user.lastName };
}

export async function register({ db }: { db: DataSource }, body: z.output<typeof registerBody>) {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (manager) => {
    const userId = await tokens.consumeOneTimeToken(manager, body.token, 'registration');
    if (userId === null) throw badRequest(BAD_INVITATION);
    await users.updateUser(manager, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
    });
    return accountOf(manager, userId);
  });
}

async function accountOf(manager: EntityManager, userId: number) {
  const user = await users.findUserWithInstitutes(manager, userId);
  if (!user) throw notFound();
  return user;
}

export const getAccount = ({ db }: { db: DataSource }, userId: number) =>
  accountOf(db.manager, userId);

export async function updateAccount(
  { db }: { db: DataSource },
  userId: number,
  body: z.output<typeof accountUpdate>,
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
  });
  return getAccount({ db }, userId);
}
