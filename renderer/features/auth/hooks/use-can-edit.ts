import { canEdit } from '../../../../shared/api/roles';
import { useUser } from '../api/get-user';

/** Guests view only (monitoring.md section 6): false for them, and until the user is known. */
export function useCanEdit(): boolean {
  const { data: user } = useUser();
  return user ? canEdit(user.role) : false;
}

/** Whether the signed-in user is the provider's staff (hidden records, Staff Options). */
export function useIsStaff(): boolean {
  const { data: user } = useUser();
  return user?.is_staff === true || user?.role === 'staff';
}

/** The words shown on hover over a control a guest cannot use. */
export const GUEST_READ_ONLY = 'Guests have view-only access.';
