import { queryRoots } from '../../../lib/query-roots';

/** A page of every user (/users, staff). */
export interface UsersQuery {
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
  search: string;
}

export interface InstituteUsersQuery {
  instituteId: number;
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
}

export const userKeys = {
  all: queryRoots.users,
  /** Every list of users: all users and each institute's. */
  lists: () => [...queryRoots.users, 'list'] as const,
  list: (query: UsersQuery) => [...userKeys.lists(), 'all', query] as const,
  ofInstitute: (query: InstituteUsersQuery) => [...userKeys.lists(), 'institute', query] as const,
  detail: (id: number) => [...queryRoots.users, 'detail', id] as const,
};
