import { queryRoots } from '../../../lib/query-roots';
import type { InstituteUsersQuery } from './get-institute-users';

export const userKeys = {
  all: queryRoots.users,
  ofInstitute: (query: InstituteUsersQuery) => [...queryRoots.users, 'institute', query] as const,
};
