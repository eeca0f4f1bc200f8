import { errorDetail, errorStatus } from '../../../lib/api-client';

/** The toasts of administration.md section 8 for the user form, by action and answer. */
export const USER_TOASTS = {
  create: {
    ok: 'User created successfully',
    failed: 'Unable to create user',
    forbidden: 'You are not authorized to create this user',
  },
  update: {
    ok: 'User updated successfully',
    failed: 'Unable to update user',
    forbidden: 'You are not authorized to update this user',
  },
  delete: { ok: 'User deleted successfully', failed: 'Error deleting user' },
  resend: { ok: 'Invite resent successfully', failed: 'Error resending invite' },
  revoke: { ok: 'User access revoked successfully', failed: 'Error revoking user access' },
} as const;

/**
 * The error toast for a failed create or update: the 403 sentence, the server's own detail for a
 * 400 (and 409), otherwise the generic failure.
 */
export function formErrorToast(action: 'create' | 'update', error: unknown): string {
  const status = errorStatus(error);
  if (status === 403) return USER_TOASTS[action].forbidden;
  if (status === 400 || status === 409) return errorDetail(error) ?? USER_TOASTS[action].failed;
  return USER_TOASTS[action].failed;
}
