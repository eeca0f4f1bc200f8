import { queryRoots } from '../../../lib/query-roots';

export const supportKeys = {
  all: queryRoots.support,
  contact: () => [...queryRoots.support, 'contact'] as const,
};
