import type { TokenScope } from '../../shared/api/account-tokens';
import type { Role } from '../../shared/domain/roles';

/** The signed-in user as every handler sees it, read fresh from the database per request. */
export interface AuthUser {
  id: number;
  email: string;
  /** The effective role: 'staff' for the provider's staff whatever their stored role. */
  role: Role;
  isStaff: boolean;
  instituteIds: number[];
  /**
   * The generation of each of instituteIds (entity InstituteGeneration), read in the same
   * statement as the user: what answers kept for the user are checked against
   * (server/http/answer-cache.ts). Absent where not read (personal access tokens).
   */
  generations?: ReadonlyMap<number, string>;
  /** The session (refresh-token family) the access token was issued for, if it names one. */
  session?: string;
  /**
   * Set when an enrolment `mfa_token` (a password alone, of a user who must set up a second
   * factor) authorised the request: only the enrolment endpoints take those.
   */
  enrolling?: boolean;
  /**
   * Set when a personal access token authorised the request: its scope, and the one institute
   * it is bound to (then instituteIds holds that institute only, isStaff is false and a staff
   * owner's role is 'owner').
   */
  token?: { id: number; scope: TokenScope; instituteId: number };
}
