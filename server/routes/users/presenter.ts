import type { Account as AccountDto, User as UserDto } from '../../../shared/api/users';
import type { User } from '../../entities/user';
import { effectiveRole } from '../../../shared/domain/roles';

/** The signed-in user's own account: the user and the organization to start in. */
export const presentAccount = (user: User, lastInstitute: number | null): AccountDto => ({
  ...presentUser(user),
  last_institute: lastInstitute,
});

/** The fields of a user that leave the server; never the password hash. */
export function presentUser(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: effectiveRole(user),
    institutes: (user.institutes ?? []).map((i) => i.id).sort((a, b) => a - b),
    default_institute: user.defaultInstituteId,
    is_active: user.isActive,
    is_staff: user.isStaff,
    unregistered: user.passwordHash === null,
    mfa_enabled: user.totpConfirmedAt !== null,
  };
}
