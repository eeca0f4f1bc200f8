import type { DataSource, EntityManager } from 'typeorm';
import type { SsoError, SsoRole } from '../../../shared/api/sso';
import { hashPassword } from '../../auth/passwords';
import type { LoginThrottle } from '../../auth/login-throttle';
import { newSecret } from '../../auth/secrets';
import type { User } from '../../entities/user';
import { writeAuditEntry } from '../audit/repository';
import * as users from '../users/repository';
import { findClaim } from './domains-repository';
import { addMembership } from './repository';

/**
 * Whom an organization's provider may sign in (README "Single sign-on"), decided at the callback
 * once the provider's answer passed its checks:
 *
 * - only addresses of a domain the organization has verified (a domain it does not claim, or
 *   has not proven, is refused);
 * - not while the sign-in throttle holds the account or the client's address (the same counts
 *   as a password sign-in: server/auth/login-throttle.ts), nor an account deactivated here;
 * - a new account: created with the organization's default role and its membership;
 * - an existing account: only when the organization is its only one and it is not staff. Staff
 *   never sign in through a customer's provider, and an SSO sign-in never adds a membership to
 *   an existing account, so a provider cannot reach an account of another organization.
 *
 * Such an account with a second factor signs in without it: the organization's verified
 * provider is then its authenticator, as for every account it signs in, and it reaches nothing
 * beyond that one organization.
 *
 * Each refusal writes a `sign_in_failed` entry with its reason (user-level, like a password
 * sign-in's) and answers the login page's message (shared/api/sso.ts SSO_ERRORS).
 */
export interface SignInPolicyDeps {
  db: DataSource;
  throttle: LoginThrottle;
}

export interface ProviderSignIn {
  instituteId: number;
  /** The e-mail the provider vouched for (verified by it). */
  email: string;
  givenName: string;
  familyName: string;
  defaultRole: SsoRole;
  /** The client's address, as the throttle counts it. */
  address: string;
}

export type SignInOutcome =
  { kind: 'signed-in'; userId: number } | { kind: 'refused'; error: SsoError };

const domainOf = (email: string) => email.split('@').pop() ?? '';

/** Why an existing account may not be signed in by the institute's provider, or null. */
export function refusalFor(
  user: Pick<User, 'isActive' | 'isStaff'> & { instituteIds: number[] },
  instituteId: number,
): { error: SsoError; reason: string } | null {
  if (!user.isActive) return { error: 'disabled', reason: 'account deactivated' };
  if (user.isStaff) return { error: 'not-allowed', reason: 'staff account' };
  if (user.instituteIds.length !== 1 || user.instituteIds[0] !== instituteId) {
    return { error: 'not-allowed', reason: 'account of another organization or of several' };
  }
  return null;
}

/** The account the provider signs in (found or created), or the refusal and why. */
export async function signInThroughProvider(
  deps: SignInPolicyDeps,
  attempt: ProviderSignIn,
): Promise<SignInOutcome> {
  const email = attempt.email.trim().toLowerCase();
  const refuse = async (error: SsoError, reason: string, user: User | null = null) => {
    await writeAuditEntry(deps.db.manager, {
      instituteId: null,
      objectType: 'user',
      objectId: user?.id ?? null,
      action: 'sign_in_failed',
      changes: { method: 'single sign-on', organization: attempt.instituteId, reason },
      actor: { id: user?.id ?? null, email },
    });
    return { kind: 'refused', error } as const;
  };

  const claim = await findClaim(deps.db.manager, attempt.instituteId, domainOf(email));
  if (!claim) return refuse('unknown-domain', 'e-mail domain not claimed by the organization');
  if (claim.state !== 'verified') {
    return refuse('unverified-domain', 'e-mail domain not verified by the organization');
  }
  const wait = await deps.throttle.retryAfter(deps.db.manager, 'login', email, attempt.address);
  if (wait > 0) return refuse('throttled', 'too many failed sign-in attempts');

  const outcome = await deps.db.transaction(async (manager) => {
    const existing = await users.findUserByEmail(manager, email);
    if (existing) {
      const refusal = refusalFor(
        { ...existing, instituteIds: (existing.institutes ?? []).map((i) => i.id) },
        attempt.instituteId,
      );
      if (refusal) return { ...refusal, user: existing };
      if (!existing.passwordHash) {
        await users.updateUser(manager, existing.id, {
          passwordHash: await hashPassword(newSecret()),
        });
      }
      await users.updateUser(manager, existing.id, { lastInstituteId: attempt.instituteId });
      return { userId: existing.id };
    }
    const created = await users.insertUser(manager, {
      email,
      firstName: attempt.givenName,
      lastName: attempt.familyName,
      role: attempt.defaultRole,
      isStaff: false,
      isActive: true,
      // Never told to anyone: the account signs in through its provider (or a reset link).
      passwordHash: await hashPassword(newSecret()),
      // The app opens the organization signed in with.
      lastInstituteId: attempt.instituteId,
    });
    await addMembership(manager, created.id, attempt.instituteId);
    return { userId: created.id };
  });
  if ('error' in outcome) return refuse(outcome.error, outcome.reason, outcome.user);
  return { kind: 'signed-in', userId: outcome.userId };
}

/**
 * Whether the password sign-in of `email` may be refused for the organization whose verified
 * domain it is (password_login_allowed: false): only for an account its provider signs in, or
 * none yet. Staff and accounts of other organizations keep their password, since that
 * organization's provider may not sign them in.
 */
export async function passwordMayBeRefused(
  manager: EntityManager,
  email: string,
  instituteId: number,
): Promise<boolean> {
  const user = await users.findUserByEmail(manager, email.trim().toLowerCase());
  if (!user) return true;
  const instituteIds = (user.institutes ?? []).map((i) => i.id);
  return refusalFor({ ...user, isActive: true, instituteIds }, instituteId) === null;
}
