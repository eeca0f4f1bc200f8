import { queryRoots } from '../../../lib/query-roots';

export const authKeys = {
  all: queryRoots.auth,
  user: () => [...queryRoots.auth, 'user'] as const,
  registration: (token: string) => [...queryRoots.auth, 'registration', token] as const,
};
