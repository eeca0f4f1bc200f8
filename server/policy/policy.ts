import { atLeast, type Role } from '../../shared/api/roles';
import type { AuthUser } from '../auth/auth-user';
import { forbidden, notFound } from '../http/errors';

/**
 * The role matrix of both specs' section 6, in one table every route consults. Each action names
 * the least role that may do it; roles rank guest < member < admin < owner < staff.
 */
export const MIN_ROLE = {
  /** Review, exclude, label, assign records; lines, validations, labels, comments. */
  'data:edit': 'member',
  /** Invite, edit, revoke and resend users of one's institutes. */
  'users:manage': 'admin',
  'analyzer:edit': 'admin',
  'reports:edit-title': 'admin',
  /** Organization settings and Edit Settings. */
  'institute:settings': 'owner',
  'institute:create': 'staff',
  'institute:staff-fields': 'staff',
  'users:list-all': 'staff',
  'users:grant-staff': 'staff',
  'records:staff-fields': 'staff',
  'records:hidden': 'staff',
  'reports:upload': 'staff',
  'reports:delete': 'staff',
  'vials:manage': 'staff',
  'rejection:calculator': 'staff',
} as const satisfies Record<string, Role>;
export type Action = keyof typeof MIN_ROLE;

export const can = (user: AuthUser, action: Action): boolean =>
  atLeast(user.role, MIN_ROLE[action]);

/** Staff see every institute; everyone else only their own. */
export const canSeeInstitute = (user: AuthUser, instituteId: number): boolean =>
  user.isStaff || user.instituteIds.includes(instituteId);

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
