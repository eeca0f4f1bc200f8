import { allows, type Action } from '../../shared/domain/roles';
import type { AuthUser } from '../auth/auth-user';
import { forbidden, notFound } from './errors';

/**
 * Who may call an endpoint, declared with every route (server/http/route.ts) and documented in
 * the OpenAPI document as `x-permission`:
 * - an Action of the role matrix (shared/domain/roles.ts): tenancy first, then that role;
 * - 'read': any signed-in user who may see the resource's institute (tenancy only);
 * - 'self': any signed-in user, acting on their own account;
 * - 'public': anyone, signed in or not.
 */
export type Access = Action | 'read' | 'self' | 'public';

/** Whether the user's role may do an action of the shared role matrix (shared/domain/roles). */
export const can = (user: AuthUser, action: Action): boolean => allows(user.role, action);

/** Staff see every institute; everyone else only their own. */
export const canSeeInstitute = (
  user: Pick<AuthUser, 'isStaff' | 'instituteIds'>,
  instituteId: number,
): boolean => user.isStaff || user.instituteIds.includes(instituteId);

/**
 * Tenancy first, then role: another institute's resources answer 404, as if they did not exist,
 * so ids cannot be probed; a role too low for the action answers 403.
 */
export function authorize(user: AuthUser, action: Action | 'read', instituteId?: number | null) {
  if (instituteId !== undefined && (instituteId === null || !canSeeInstitute(user, instituteId)))
    throw notFound();
  if (action !== 'read' && !can(user, action)) throw forbidden();
}

/** The institutes a list may show this user: null means all (staff). */
export const visibleInstitutes = (user: AuthUser): number[] | null =>
  user.isStaff ? null : user.instituteIds;
