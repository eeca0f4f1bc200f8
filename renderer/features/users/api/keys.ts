import { queryRoots } from '../../../lib/query-roots';

export interface InstituteUsersQuery {
  instituteId: number;
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
}

export const userKeys = {
  all: queryRoots.users,
  ofInstitute: (query: InstituteUsersQuery) => [...queryRoots.users, 'institute', query] as const,
};
