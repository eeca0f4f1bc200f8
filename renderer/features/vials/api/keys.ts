import { queryRoots } from '../../../lib/query-roots';

export const vialKeys = {
  all: queryRoots.vials,
  connected: () => [...queryRoots.vials, 'connected'] as const,
};
