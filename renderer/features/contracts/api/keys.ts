import type { ContractListQuery } from '../../../../shared/api/contracts';
import { queryRoots } from '../../../lib/query-roots';

/** Every query key of the contracts feature. */
export const contractKeys = {
  all: queryRoots.contracts,
  lists: () => [...queryRoots.contracts, 'list'] as const,
  list: (params: ContractListQuery) => [...contractKeys.lists(), params] as const,
  detail: (id: number) => [...queryRoots.contracts, 'detail', id] as const,
};
