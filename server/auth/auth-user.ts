import type { Role } from '../../shared/domain/roles';

/** The signed-in user as every handler sees it, read fresh from the database per request. */
export interface AuthUser {
  id: number;
  email: string;
  /** The effective role: 'staff' for the provider's staff whatever their stored role. */
  role: Role;
  isStaff: boolean;
  instituteIds: number[];
  /** The session (refresh-token family) the access token was issued for, if it names one. */
  session?: string;
}
