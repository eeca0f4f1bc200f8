import type { z } from 'zod';
import type { accountUpdate, registerBody } from '../../../shared/api/auth';
import type { AppContext } from '../../app-context';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { sha256Hex } from '../../auth/secrets';
import { RefreshToken } from '../../entities/auth-token';
import { User } from '../../entities/user';
import { badRequest, HttpError, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import { passwordResetMail } from '../../mail/templates';
import { presentUser } from '../users/presenter';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  issueTokens,
  peekOneTimeToken,
  revokeAllRefreshTokens,
} from './tokens';

export const BAD_CREDENTIALS = 'Incorrect e-mail/username or password.';
const BAD_REFRESH = 'Your session has expired. Please log in again.';
const BAD_RESET_LINK = 'This password reset link is invalid or has expired.';
const BAD_INVITATION = 'This invitation link is invalid or has expired.';

const findByEmail = (ctx: AppContext, email: string) =>
  ctx.db.getRepository(User).findOne({
    where: { email: email.trim().toLowerCase() },
    relations: { institutes: true },
  });

export async function login(ctx: AppContext, username: string, password: string, address: string) {
  const account = username.trim().toLowerCase();
  const wait = ctx.throttle.retryAfter(account, address);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed login attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
      wait,
    );
  }
  const user = await findByEmail(ctx, account);
  const ok = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyPassword(await decoyHash(), password).then(() => false);
  if (!user || !ok || !user.isActive) {
    ctx.throttle.recordFailure(account, address);
    throw badRequest(BAD_CREDENTIALS);
  }
  ctx.throttle.recordSuccess(account);
  const { access, refresh } = await issueTokens(ctx, user);
  return { access_token: access, refresh_token: refresh, token_type: 'bearer' as const };
}

/**
 * Rotates a refresh token. A token that was already rotated (or revoked) is a replay of a stolen
 * token: the whole family is revoked, which also logs out whoever holds the newest token.
 */
export async function refresh(ctx: AppContext, token: string) {
  return ctx.db
    .transaction(async (manager) => {
      const repo = manager.getRepository(RefreshToken);
      const row = await repo.findOne({ where: { tokenHash: sha256Hex(token) } });
      if (!row) throw unauthorized(BAD_REFRESH);
      const [, rotated] = (await manager.query(
        `UPDATE refresh_tokens SET rotated_at = now()
        WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
        [row.id],
      )) as [unknown, number];
      if (rotated !== 1) {
        if (row.rotatedAt || row.revokedAt) {
          await manager.query(
            `UPDATE refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL`,
            [row.family],
          );
        }
        // Commit the revocation even though the request fails.
        return null;
      }
      const user = await manager
        .getRepository(User)
        .findOne({ where: { id: row.userId }, relations: { institutes: true } });
      if (!user || !user.isActive) return null;
      return issueTokens(ctx, user, row.family, manager);
    })
    .then((tokens) => {
      if (!tokens) throw unauthorized(BAD_REFRESH);
      return tokens;
    });
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findByEmail(ctx, email);
  // Unknown and unregistered addresses get the same answer, so accounts cannot be discovered.
  if (!user || !user.isActive || !user.passwordHash) return;
  const token = await createOneTimeToken(ctx.db.manager, user.id, 'password_reset');
  const link = `${ctx.config.publicUrl}/reset-password-confirm/${token}`;
  await ctx.mailer.send(passwordResetMail(user.email, link));
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (manager) => {
    const userId = await consumeOneTimeToken(manager, token, 'password_reset');
    if (userId === null) throw badRequest(BAD_RESET_LINK);
    await manager.getRepository(User).update(userId, { passwordHash });
    await revokeAllRefreshTokens(manager, userId);
  });
}

export async function registrationInfo(ctx: AppContext, token: string) {
  const row = await peekOneTimeToken(ctx.db.manager, token, 'registration');
  const user = row && (await ctx.db.getRepository(User).findOneBy({ id: row.userId }));
  if (!user || user.passwordHash) throw notFound(BAD_INVITATION);
  return { email: user.email, first_name: user.firstName, last_name: user.lastName };
}

export async function register(ctx: AppContext, body: z.output<typeof registerBody>) {
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (manager) => {
    const userId = await consumeOneTimeToken(manager, body.token, 'registration');
    if (userId === null) throw badRequest(BAD_INVITATION);
    const repo = manager.getRepository(User);
    await repo.update(userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
    });
    const user = await repo.findOneOrFail({
      where: { id: userId },
      relations: { institutes: true },
    });
    return presentUser(user);
  });
}

export async function getAccount(ctx: AppContext, userId: number) {
  const user = await ctx.db
    .getRepository(User)
    .findOneOrFail({ where: { id: userId }, relations: { institutes: true } });
  return presentUser(user);
}

export async function updateAccount(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof accountUpdate>,
) {
  await ctx.db.transaction(async (manager) => {
    const repo = manager.getRepository(User);
    const user = await repo.findOneByOrFail({ id: userId });
    const changes: Partial<User> = { firstName: body.first_name, lastName: body.last_name };
    if (body.new_password) {
      if (!(await verifyPassword(user.passwordHash, body.current_password ?? ''))) {
        throw new HttpError(400, 'Your current password is incorrect.');
      }
      changes.passwordHash = await hashPassword(body.new_password);
    }
    await repo.update(userId, changes);
  });
  return getAccount(ctx, userId);
}
