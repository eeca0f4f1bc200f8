import { allows, type Action, type Role } from '../../shared/domain/roles';
import { useUser } from '../features/auth';

/** The signed-in user's role; guest (read-only) until the user is known. */
export function useRole(): Role {
  const { data: user } = useUser();
  return user?.role ?? 'guest';
}

/** Everyone but guests may change data (monitoring.md section 6). */
export const useCanEdit = (): boolean => allows(useRole(), 'data:edit');

/** Whether the signed-in user may do an action of the shared role matrix. */
export const useAllows = (action: Action): boolean => allows(useRole(), action);

/** Whether the signed-in user is the provider's staff (hidden records, Staff Options). */
export const useIsStaff = (): boolean => useRole() === 'staff';

/** Why a control is disabled for a guest, for its hover text. */
export const GUEST_REASON = 'Guests have view-only access.';
