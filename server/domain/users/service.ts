import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { writeAuditEntry } from '../audit/repository';
import type { PageQuery } from '../../../shared/api/common';
import type { userCreate, userInvite, userListQuery, userUpdate } from '../../../shared/api/users';
import { atLeast, effectiveRole, mayGrant, type Role } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { User } from '../../entities/user';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { findInstitutes } from '../institutes/repository';
import { createOneTimeToken, useUpOneTimeTokens } from '../one-time-tokens/repository';
import { revokeAllTokensOf } from '../personal-tokens/repository';
import { authorize, can } from '../policy';
import * as repo from './repository';

const NOT_AUTHORIZED_CREATE = 'You are not authorized to create this user';
const NOT_AUTHORIZED_UPDATE = 'You are not authorized to update this user';

export interface UserDeps {
  db: DataSource;
  mailer: Mailer;
  /** Where invitation links point (the app's address). */
  publicUrl: string;
}
type DbDeps = Pick<UserDeps, 'db'>;

/** Every user (staff): the /users administration table. */
export function listAllUsers({ db }: DbDeps, me: AuthUser, query: z.output<typeof userListQuery>) {
  authorize(me, 'users:list-all');
  return repo.pageOfUsers(db.manager, query);
}

/**
 * Members of one institute: the Users section of Settings, which every role of the institute sees
 * (administration.md section 2); only its management actions need `users:manage`.
 */
export function listInstituteUsers(
  { db }: DbDeps,
  me: AuthUser,
  instituteId: number,
  query: PageQuery & { search?: string },
) {
  authorize(me, 'read', instituteId);
  return repo.pageOfUsers(db.manager, query, instituteId);
}

/** The target user if `me` may see it: self, staff, or someone sharing an institute. */
async function visibleUser(manager: EntityManager, me: AuthUser, id: number) {
  const user = await repo.findUserWithInstitutes(manager, id);
  const shares = user?.institutes.some((i) => me.instituteIds.includes(i.id));
  if (!user || !(me.id === id || me.isStaff || shares)) throw notFound();
  return user;
}

export const getUser = ({ db }: DbDeps, me: AuthUser, id: number) =>
  visibleUser(db.manager, me, id);

/** The user's institutes that are not the caller's (staff: none). */
const foreignInstitutes = (me: AuthUser, user: User): number[] =>
  me.isStaff ? [] : user.institutes.map((i) => i.id).filter((i) => !me.instituteIds.includes(i));

/** Whether the caller's role is below the target's (staff outrank everyone, themselves too). */
const outranked = (me: AuthUser, user: User): boolean =>
  !me.isStaff && (user.isStaff || !atLeast(me.role, user.role));

/**
 * What a manager may grant: staff anything; others only roles up to their own, only their own
 * institutes, and never the staff flag.
 */
function checkGrant(
  me: AuthUser,
  change: { role?: string; institutes?: number[]; is_staff?: boolean },
  message: string,
) {
  if (me.isStaff) return;
  if (change.is_staff !== undefined) throw forbidden(message);
  if (change.role && !mayGrant(me.role, change.role as Role)) throw forbidden(message);
  if (change.institutes?.some((id) => !me.instituteIds.includes(id))) throw forbidden(message);
}

async function sendInvitation(deps: UserDeps, manager: EntityManager, user: User, me: AuthUser) {
  // A new invitation replaces any earlier one.
  await useUpOneTimeTokens(manager, user.id, 'registration');
  const token = await createOneTimeToken(manager, user.id, 'registration');
  await writeAuditEntry(manager, {
    instituteId: null,
    objectType: 'user',
    objectId: user.id,
    action: 'invitation_sent',
  });
  await deps.mailer.send(
    invitationMail(user.email, me.email, `${deps.publicUrl}/Register/${token}`),
  );
}

async function institutesByIds(manager: EntityManager, ids: number[]) {
  const found = await findInstitutes(manager, ids);
  if (found.length !== new Set(ids).size) throw badRequest('An organization does not exist.');
  return found;
}

/** Creates an unregistered user and e-mails the registration link, in one transaction. */
async function createInvitedUser(
  deps: UserDeps,
  me: AuthUser,
  fields: Omit<Partial<User>, 'email' | 'institutes'> & { email: string },
  instituteIds: number[],
) {
  const email = fields.email.toLowerCase();
  const taken = () => conflict('A user with this e-mail already exists.');
  const invite = deps.db.transaction(async (manager) => {
    if (await repo.emailTaken(manager, email)) throw taken();
    const user = await repo.insertUser(manager, {
      ...fields,
      email,
      institutes: await institutesByIds(manager, instituteIds),
      passwordHash: null,
    });
    await sendInvitation(deps, manager, user, me);
    return user;
  });
  // A concurrent invitation of the same address got past the check: the unique index stops it.
  return invite.catch((err: unknown) => {
    throw isUniqueViolation(err) ? taken() : err;
  });
}

/** Invites a user into an institute: created unregistered, with an e-mailed registration link. */
export async function inviteUser(
  deps: UserDeps,
  me: AuthUser,
  instituteId: number,
  body: z.output<typeof userCreate>,
) {
  authorize(me, 'read', instituteId);
  if (!can(me, 'users:manage')) throw forbidden(NOT_AUTHORIZED_CREATE);
  const institutes = body.institutes.includes(instituteId)
    ? body.institutes
    : [instituteId, ...body.institutes];
  checkGrant(me, { ...body, institutes }, NOT_AUTHORIZED_CREATE);
  return createInvitedUser(
    deps,
    me,
    {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      role: body.role === 'staff' ? 'member' : body.role,
      isStaff: body.role === 'staff' || (body.is_staff ?? false),
      isActive: body.is_active,
      defaultInstituteId: body.default_institute,
    },
    institutes,
  );
}

/**
 * The Users section's invitation by e-mail alone: an unregistered user of this institute with
 * the chosen role (guest unless said), who gives their names when registering.
 */
export async function inviteByEmail(
  deps: UserDeps,
  me: AuthUser,
  instituteId: number,
  body: z.output<typeof userInvite>,
) {
  authorize(me, 'read', instituteId);
  if (!can(me, 'users:manage')) throw forbidden(NOT_AUTHORIZED_CREATE);
  checkGrant(me, { role: body.role }, NOT_AUTHORIZED_CREATE);
  return createInvitedUser(
    deps,
    me,
    {
      email: body.email,
      firstName: '',
      lastName: '',
      role: body.role,
      isStaff: false,
      isActive: true,
      defaultInstituteId: instituteId,
    },
    [instituteId],
  );
}

/**
 * Edits a user.
 * - Anyone edits their own names (a guest nothing else: the password goes through the account).
 * - Someone else's user needs the user-management permission in an institute the two share
 *   (tenancy first: a user sharing none answers 404) and a role not below the target's.
 * - Role, organizations, active and the staff flag: never one's own (staff aside); granted only
 *   up to one's own role and institutes; the staff flag by staff only.
 * - A non-staff manager's change of role or active state reaches every institute of the user,
 *   so it is refused when the user also belongs to an institute the manager does not have;
 *   organization changes touch only the manager's institutes and keep the others.
 */
export async function updateUser(
  { db }: DbDeps,
  me: AuthUser,
  id: number,
  body: z.output<typeof userUpdate>,
) {
  return db.transaction(async (manager) => {
    const user = await visibleUser(manager, me, id);
    const self = me.id === id;
    if (!self && !me.isStaff && (!can(me, 'users:manage') || outranked(me, user)))
      throw forbidden(NOT_AUTHORIZED_UPDATE);

    const membershipChange =
      body.role !== undefined ||
      body.institutes !== undefined ||
      body.is_active !== undefined ||
      body.is_staff !== undefined ||
      body.default_institute !== undefined;
    if (membershipChange) {
      if (self && !me.isStaff) throw forbidden(NOT_AUTHORIZED_UPDATE);
      checkGrant(me, body, NOT_AUTHORIZED_UPDATE);
      const currentRole = effectiveRole(user);
      const reachesOthers =
        (body.role !== undefined && body.role !== currentRole) ||
        (body.is_active !== undefined && body.is_active !== user.isActive);
      if (reachesOthers && foreignInstitutes(me, user).length > 0)
        throw forbidden(NOT_AUTHORIZED_UPDATE);
    }

    const wasActive = user.isActive;
    const before = user.institutes.map((i) => i.id);
    if (body.first_name !== undefined) user.firstName = body.first_name;
    if (body.last_name !== undefined) user.lastName = body.last_name;
    if (body.role !== undefined && body.role !== 'staff') user.role = body.role;
    if (body.role === 'staff' || body.is_staff !== undefined)
      user.isStaff = body.role === 'staff' || Boolean(body.is_staff);
    if (body.is_active !== undefined) user.isActive = body.is_active;
    if (body.institutes !== undefined) {
      // A manager edits only their own institutes' memberships; the others stay as they are.
      const kept = foreignInstitutes(me, user);
      user.institutes = await institutesByIds(manager, [...new Set([...kept, ...body.institutes])]);
    }
    if (body.default_institute !== undefined) user.defaultInstituteId = body.default_institute;
    const ids = user.institutes.map((i) => i.id);
    if (user.defaultInstituteId !== null && !ids.includes(user.defaultInstituteId))
      user.defaultInstituteId = ids[0] ?? null;
    await repo.saveUser(manager, user);
    await revokeEndedTokens(manager, user, wasActive, before);
    return user;
  });
}

/**
 * The personal access tokens a change of the user ends, in its transaction: all of them when
 * the account is deactivated (reactivating it brings none back), those bound to an organization
 * the user was removed from. The dialogs say so before the change.
 */
async function revokeEndedTokens(
  manager: EntityManager,
  user: User,
  wasActive: boolean,
  before: number[],
) {
  if (wasActive && !user.isActive) {
    await revokeAllTokensOf(manager, user.id, 'account deactivated');
    return;
  }
  const after = new Set(user.institutes.map((i) => i.id));
  const removed = before.filter((id) => !after.has(id));
  if (removed.length > 0) {
    await revokeAllTokensOf(manager, user.id, 'removed from the organization', {
      instituteIds: removed,
    });
  }
}

/** Managers may act on a user only when every institute of that user is theirs (or staff). */
async function managedUser(manager: EntityManager, me: AuthUser, id: number, message: string) {
  const user = await visibleUser(manager, me, id);
  if (me.id === id) throw badRequest(message);
  authorize(me, 'users:manage');
  if (foreignInstitutes(me, user).length > 0 || outranked(me, user)) throw forbidden();
  return user;
}

export async function deleteUser({ db }: DbDeps, me: AuthUser, id: number) {
  await db.transaction(async (manager) => {
    await managedUser(manager, me, id, 'You cannot delete your own account.');
    await repo.deleteUser(manager, id);
  });
}

export async function resendInvitation(deps: UserDeps, me: AuthUser, id: number) {
  await deps.db.transaction(async (manager) => {
    const user = await managedUser(manager, me, id, 'You cannot resend an invitation to yourself.');
    if (user.passwordHash) throw conflict('This user has already registered.');
    await sendInvitation(deps, manager, user, me);
  });
}

/**
 * Removes one institute from a user's memberships (the user keeps the others), and revokes their
 * personal access tokens bound to it.
 */
export async function revokeAccess(
  { db }: DbDeps,
  me: AuthUser,
  instituteId: number,
  userId: number,
) {
  authorize(me, 'users:manage', instituteId);
  if (me.id === userId) throw badRequest('You cannot revoke your own access.');
  await db.transaction(async (manager) => {
    const user = await repo.findUserWithInstitutes(manager, userId);
    if (!user || !user.institutes.some((i) => i.id === instituteId)) throw notFound();
    if (outranked(me, user)) throw forbidden();
    user.institutes = user.institutes.filter((i) => i.id !== instituteId);
    if (user.defaultInstituteId === instituteId)
      user.defaultInstituteId = user.institutes[0]?.id ?? null;
    await repo.saveUser(manager, user);
    // Their tokens for it end with the membership, even should it be given back later.
    await revokeAllTokensOf(manager, userId, 'removed from the organization', {
      instituteIds: [instituteId],
    });
  });
}
