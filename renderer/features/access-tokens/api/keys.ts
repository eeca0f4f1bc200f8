import { queryRoots } from '../../../lib/query-roots';

export const accessTokenKeys = {
  all: queryRoots.accessTokens,
  list: () => [...queryRoots.accessTokens, 'list'] as const,
};
