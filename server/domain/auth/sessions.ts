import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { AccessTokens } from '../../auth/access-token';
import type { LoginThrottle, ThrottleKind } from '../../auth/login-throttle';
import type { User } from '../../entities/user';
import { counted } from '../../../shared/domain/plural';
import { effectiveRole } from '../../../shared/domain/roles';
import { writeAuditEntry } from '../audit/repository';
import { tooManyRequests } from '../errors';
import * as tokens from './repository';

/** What issuing a session needs (password sign-in, its second step, refresh). */
export interface TokenDeps {
  db: DataSource;
  accessTokens: AccessTokens;
  refreshTokenDays: number;
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
    roles: [effectiveRole(user)],
    institutes: (user.institutes ?? []).map((i) => i.id),
    sid: family,
  });
  return { access, refresh };
}

/** How a session began, as the audit trail names it. */
export type SignInMethod = 'password' | 'second factor' | 'single sign-on';

/** The audit trail's entry of a session begun (user-level: no institute). */
export const auditSignIn = (manager: EntityManager, user: User, method: SignInMethod) =>
  writeAuditEntry(manager, {
    instituteId: null,
    objectType: 'user',
    objectId: user.id,
    action: 'signed_in',
    changes: { method },
    actor: { id: user.id, email: user.email },
  });

/** A new session as POST /v2/auth/token answers it, with its entry in the audit trail. */
export async function signedIn(deps: TokenDeps, user: User, method: SignInMethod) {
  const { access, refresh } = await deps.db.transaction(async (manager) => {
    const session = await issueTokens(deps, user, undefined, manager);
    await auditSignIn(manager, user, method);
    return session;
  });
  return { access_token: access, refresh_token: refresh, token_type: 'bearer' as const };
}

const inMinutes = (seconds: number) => counted(Math.ceil(seconds / 60), 'minute', 'minutes');

/** Refuses with 429 and Retry-After while the account or the address is over its limit. */
export async function checkThrottle(
  deps: { db: DataSource; throttle: LoginThrottle },
  kind: ThrottleKind,
  account: string,
  address: string,
  message: (wait: string) => string,
) {
  const wait = await deps.throttle.retryAfter(deps.db.manager, kind, account, address);
  if (wait > 0) throw tooManyRequests(message(inMinutes(wait)), wait);
}

export const loginThrottled = (wait: string) =>
  `Too many failed login attempts. Please try again in ${wait}.`;
