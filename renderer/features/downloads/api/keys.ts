import { queryRoots } from '../../../lib/query-roots';

export const downloadKeys = {
  all: queryRoots.downloads,
  installers: () => [...queryRoots.downloads, 'installers'] as const,
};
